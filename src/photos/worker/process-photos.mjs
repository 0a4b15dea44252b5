/**
 * The photo worker: a child process the web server starts and supervises (src/photos/worker-pool.server.ts).
 * Decoding and encoding a 24 MP photo takes hundreds of megabytes; here they never touch the web server's memory.
 * It receives jobs over IPC — { jobId, input, outDir, contentType } with `input` a local copy of the original — and
 * writes into `outDir`:
 *   download   full resolution for the couple: a JPEG is copied with its header rewritten (GPS removed, camera and
 *              copyright kept, pixels untouched); other formats are encoded once as a high-quality JPEG
 *   web.jpg    the long side at most 2048 px, auto-rotated, sRGB, camera and copyright EXIF without GPS
 *   medium.webp / small.webp   1200 / 480 px display variants without any metadata
 * and answers { jobId, ok: true, width, height, blurDataUrl, webBytes, downloadBytes, webCrc32, downloadCrc32 } or
 * { jobId, ok: false, error }. The CRC-32s of the two downloadable files let a gallery ZIP lay out its archive before
 * reading a byte (docs/decisions/098-gallery-zip-known-crc.md).
 * Plain JavaScript so that it runs without a build step.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { cleanExif } from './exif-clean.mjs';
import { copyJpegWithoutGps, withExifSegment } from './jpeg-meta.mjs';

const MAX_INPUT_PIXELS = 100_000_000;
const WEB = 2048;
const MEDIUM = 1200;
const SMALL = 480;
const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true };

sharp.cache(false);

const CORRUPT = 'Soubor je poškozený nebo neúplný (např. nedokončené nahrání). Nahrajte ho prosím znovu z originálu.';

class Refused extends Error {}

async function crc32OfFile(file) {
  let crc = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) crc = zlib.crc32(chunk, crc);
  return crc;
}

async function processJob(job) {
  let meta;
  try {
    meta = await sharp(job.input, { limitInputPixels: false }).metadata();
  } catch {
    throw new Refused('Soubor není obrázek, který server umí přečíst.');
  }
  if (!meta.width || !meta.height) throw new Refused('Soubor není obrázek, který server umí přečíst.');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new Refused(`Obrázek má víc než ${MAX_INPUT_PIXELS / 1_000_000} megapixelů.`);
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const exifUpright = meta.exif ? cleanExif(meta.exif, { resetOrientation: true }) : null;

  let web;
  try {
    web = await sharp(job.input, INPUT)
      .rotate()
      .resize(WEB, WEB, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .withIccProfile('srgb')
      .jpeg({ quality: 85, progressive: true })
      .toBuffer();
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    if (meta.format === 'heif' && /compression format|codec|decod|heif/i.test(text)) throw new Refused('Tento soubor HEIC server neumí přečíst. Exportujte ho prosím jako JPEG a nahrajte znovu.');
    throw new Refused(CORRUPT);
  }
  const webFile = exifUpright ? withExifSegment(web, exifUpright) : web;
  await fs.writeFile(path.join(job.outDir, 'web.jpg'), webFile);

  const medium = await sharp(web).resize(MEDIUM, MEDIUM, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78, effort: 3 }).toBuffer();
  await fs.writeFile(path.join(job.outDir, 'medium.webp'), medium);
  const small = await sharp(web).resize(SMALL, SMALL, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: 3 }).toBuffer();
  await fs.writeFile(path.join(job.outDir, 'small.webp'), small);
  const blur = await sharp(small).resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();

  const downloadPath = path.join(job.outDir, 'download');
  let downloadBytes;
  if (meta.format === 'jpeg') {
    try {
      downloadBytes = await copyJpegWithoutGps(job.input, downloadPath);
    } catch {
      throw new Refused(CORRUPT);
    }
  } else {
    const full = await sharp(job.input, INPUT).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb').withIccProfile('srgb').jpeg({ quality: 92 }).toBuffer();
    const body = exifUpright ? withExifSegment(full, exifUpright) : full;
    await fs.writeFile(downloadPath, body);
    downloadBytes = body.length;
  }
  return {
    width,
    height,
    blurDataUrl: `data:image/webp;base64,${blur.toString('base64')}`,
    webBytes: webFile.length,
    downloadBytes,
    webCrc32: zlib.crc32(webFile),
    downloadCrc32: await crc32OfFile(downloadPath),
  };
}

process.on('message', (job) => {
  processJob(job).then(
    (result) => process.send?.({ jobId: job.jobId, ok: true, ...result }),
    (err) => {
      const refused = err instanceof Refused;
      if (!refused) console.error('photo worker: job failed', err);
      process.send?.({ jobId: job.jobId, ok: false, refused, error: refused ? err.message : 'Fotografii se nepodařilo zpracovat.' });
    },
  );
});
// The server went away: nothing left to do.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
