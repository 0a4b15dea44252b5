import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectFile, PhotoError } from '@/photos/public.server';
import { dimensionProblem, MAX_SIDE } from '@/photos/limits';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-limits-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The photo module checks uploads from the file on disk (the studio's and the galleries' alike). */
async function inspectUpload(bytes: Buffer): Promise<unknown> {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.png`);
  fs.writeFileSync(file, bytes);
  return inspectFile(file);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real 10 × 10 PNG whose header (IHDR, with a valid CRC) claims other dimensions. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('dimension limits, from the header alone', () => {
  it('accepts camera photos and panoramas, refuses long sides, megapixels and strips', () => {
    expect(dimensionProblem({ width: 6000, height: 4000 })).toBeNull();
    expect(dimensionProblem({ width: 9504, height: 6336 })).toBeNull();
    expect(dimensionProblem({ width: 18000, height: 2400 })).toBeNull();
    expect(dimensionProblem({ width: MAX_SIDE + 1, height: 5000 })).toMatch(/delší strana/);
    expect(dimensionProblem({ width: 12000, height: 12000 })).toMatch(/megapixelů/);
    expect(dimensionProblem({ width: 10, height: 10_000_000 })).toMatch(/delší strana/);
    expect(dimensionProblem({ width: 12_000, height: 1 })).toMatch(/poměr stran/);
    expect(dimensionProblem({ width: 0, height: 10 })).toMatch(/platné rozměry/);
  });

  it('an upload (studio or gallery) claiming 10 × 10 000 000 px is refused before decoding it (422, Czech)', async () => {
    const err = await inspectUpload(await pngClaiming(10, 10_000_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PhotoError);
    expect((err as PhotoError).status).toBe(422);
    expect((err as PhotoError).message).toMatch(/10 × 10000000 pixelů/);
    const strip = await inspectUpload(await pngClaiming(15_000, 10)).catch((e: unknown) => e);
    expect((strip as PhotoError).message).toMatch(/poměr stran/);
  });
});
