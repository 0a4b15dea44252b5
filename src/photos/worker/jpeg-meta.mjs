import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { cleanExif } from './exif-clean.mjs';

/**
 * The full-resolution download of a JPEG, made without re-encoding: the header segments are rewritten (EXIF without
 * GPS, XMP dropped — it can repeat the position — everything else kept: ICC profile, IPTC, camera makers' notes)
 * and the compressed image data is copied byte for byte by streaming. Plain JavaScript for the worker process.
 */

const XMP_PREFIXES = ['http://ns.adobe.com/xap/1.0/', 'http://ns.adobe.com/xmp/extension/'];
const EXIF_PREFIX = Buffer.from('Exif\0\0', 'latin1');

/**
 * @param {string} input  a JPEG file
 * @param {string} output where the cleaned copy goes
 * @returns {Promise<number>} the copy's size in bytes
 */
export async function copyJpegWithoutGps(input, output) {
  const fh = await fs.open(input, 'r');
  const head = [];
  let pos = 0;
  const read = async (n) => {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, pos);
    if (bytesRead < n) throw new Error('JPEG ends inside its header');
    pos += n;
    return buf;
  };
  try {
    const soi = await read(2);
    if (soi[0] !== 0xff || soi[1] !== 0xd8) throw new Error('not a JPEG');
    head.push(soi);
    for (;;) {
      let b = await read(1);
      if (b[0] !== 0xff) throw new Error('JPEG marker expected');
      do b = await read(1);
      while (b[0] === 0xff);
      const marker = b[0];
      if (marker === 0xda) {
        pos -= 2; // the SOS segment and everything after it is copied as it is
        break;
      }
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        head.push(Buffer.from([0xff, marker]));
        continue;
      }
      const lenBuf = await read(2);
      const len = lenBuf.readUInt16BE(0);
      if (len < 2) throw new Error('bad JPEG segment length');
      const payload = await read(len - 2);
      if (marker === 0xe1) {
        if (payload.subarray(0, 6).equals(EXIF_PREFIX)) {
          const clean = cleanExif(payload);
          if (clean) head.push(Buffer.from([0xff, 0xe1]), lenBuf, clean);
          continue;
        }
        const text = payload.toString('latin1', 0, 40);
        if (XMP_PREFIXES.some((p) => text.startsWith(p))) continue;
      }
      head.push(Buffer.from([0xff, marker]), lenBuf, payload);
    }
  } finally {
    await fh.close();
  }
  const out = createWriteStream(output);
  const headBuf = Buffer.concat(head);
  async function* all() {
    yield headBuf;
    for await (const chunk of createReadStream(input, { start: pos })) yield chunk;
  }
  await pipeline(all, out);
  return (await fs.stat(output)).size;
}

/**
 * Puts an EXIF payload ("Exif\0\0" + TIFF) right after the SOI of an encoded JPEG (sharp wrote it without metadata).
 * @param {Buffer} jpeg
 * @param {Buffer} exif
 */
export function withExifSegment(jpeg, exif) {
  if (exif.length + 2 > 0xffff) return jpeg;
  const len = Buffer.alloc(2);
  len.writeUInt16BE(exif.length + 2, 0);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), len, exif, jpeg.subarray(2)]);
}
