/**
 * The gallery ZIP past 4 GB for real (docs/decisions/098-gallery-zip-known-crc.md): a sparse 4 GiB file streamed
 * through the archive writer, checked by `unzip -t`, and ranges near the end compared byte for byte with the whole
 * archive. Minutes of disk reading on this machine, so it lives in the reliability suite, not `npm test`; the unit
 * tests (src/galleries/zip.test.ts) check the same ZIP64 records' layout without reading a byte.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { fileStream } from '@/platform/storage/local';
import { galleryZip, type ZipSource } from '@/galleries/zip.server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-zip64-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const mtime = new Date('2026-06-13T14:00:00Z');

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return Buffer.concat(parts);
    parts.push(Buffer.from(value));
  }
}

/** Writes a stream to a file, leaving runs of zeros as holes (a sparse file: the 4 GB test takes no disk). */
async function writeSparse(stream: ReadableStream<Uint8Array>, file: string): Promise<number> {
  const fd = fs.openSync(file, 'w');
  const zeros = Buffer.alloc(1024 * 1024);
  let pos = 0;
  try {
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      if (!(chunk.length <= zeros.length && chunk.equals(zeros.subarray(0, chunk.length)))) fs.writeSync(fd, chunk, 0, chunk.length, pos);
      pos += chunk.length;
    }
    fs.ftruncateSync(fd, pos);
  } finally {
    fs.closeSync(fd);
  }
  return pos;
}

function readAt(file: string, start: number, length: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(length);
    fs.readSync(fd, b, 0, length, start);
    return b;
  } finally {
    fs.closeSync(fd);
  }
}

it('past 4 GB writes ZIP64 records that unzip -t accepts, and ranges there match the whole archive', { timeout: 600_000 }, async () => {
  // A sparse 4 GiB + 3 byte file (zeros with a marker at the end) and a small one whose header lies past 4 GiB.
  const bigPath = path.join(dir, 'big.mov');
  const bigSize = 4 * 1024 ** 3 + 3;
  const fd = fs.openSync(bigPath, 'w');
  fs.writeSync(fd, Buffer.from('END'), 0, 3, bigSize - 3);
  fs.closeSync(fd);
  const smallBytes = crypto.randomBytes(70_000);
  const smallPath = path.join(dir, 'small.jpg');
  fs.writeFileSync(smallPath, smallBytes);
  let bigCrc: number | null = null;
  const src = (): ZipSource[] => [
    { folder: 'Hostina', fileName: 'video.mov', size: bigSize, mtime, crc32: bigCrc, open: async (s) => fileStream(bigPath, s, bigSize - 1) },
    { folder: 'Hostina', fileName: 'DSC_2000.jpg', size: smallBytes.length, mtime, crc32: zlib.crc32(smallBytes), open: async (s) => fileStream(smallPath, s, smallBytes.length - 1) },
  ];
  const zipPath = path.join(dir, 'big.zip');
  const zip = galleryZip(src(), null, {
    onCrc: (_, crc) => {
      bigCrc = crc;
    },
  });
  expect(await writeSparse(zip.stream, zipPath)).toBe(zip.size);
  expect(bigCrc).not.toBeNull();
  expect(execFileSync('unzip', ['-t', zipPath], { encoding: 'utf8' })).toContain('No errors detected');
  expect(execFileSync('unzip', ['-p', zipPath, 'Hostina/DSC_2000.jpg'], { maxBuffer: 1024 * 1024 }).equals(smallBytes)).toBe(true);
  // ZIP64: the end-of-central-directory record and locator precede the classic end record.
  const tail = readAt(zipPath, zip.size - 98, 98);
  expect(tail.readUInt32LE(0)).toBe(0x06064b50);
  expect(tail.readUInt32LE(56)).toBe(0x07064b50);
  // Resuming near the end (the big file's CRC now known, as kept in the database) opens no byte before it.
  for (const start of [bigSize - 10, bigSize + 500, zip.size - 200, zip.size - 1]) {
    const part = await collect(galleryZip(src(), { start, end: zip.size - 1 }).stream);
    expect(part.equals(readAt(zipPath, start, zip.size - start)), `from ${start}`).toBe(true);
  }
});
