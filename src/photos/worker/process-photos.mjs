/**
 * The photo worker: a child process the web server starts and supervises (src/photos/worker-pool.server.ts).
 * Decoding and encoding a 24 MP photo takes hundreds of megabytes; here they never touch the web server's memory.
 * It receives jobs over IPC — { jobId, input, outDir, profile } with `input` a local copy of the original — and
 * writes into `outDir`, for the profile `delivery` (a client gallery's photo):
 *   download   full resolution for the couple: a JPEG is copied with its header rewritten (GPS removed, camera and
 *              copyright kept, pixels untouched); other formats are encoded once as a high-quality JPEG
 *   web.jpg    the long side at most 2048 px, auto-rotated, sRGB, camera and copyright EXIF without GPS
 *   medium.webp / small.webp   1200 / 480 px display variants without any metadata
 * and answers { jobId, ok: true, width, height, blurDataUrl, webBytes, downloadBytes, webCrc32, downloadCrc32 } or
 * { jobId, ok: false, error }. The CRC-32s of the two downloadable files let a gallery ZIP lay out its archive before
 * reading a byte (docs/decisions/098-gallery-zip-known-crc.md);
 * for the profile `public` (a studio photo on the public site):
 *   {width}.avif / .webp / .jpg   per width of 384, 828, 1440, 1920 (never wider than the photo), auto-rotated, sRGB,
 *              no metadata but the sRGB profile
 * and answers { jobId, ok: true, width, height, blurDataUrl, widths } (width/height: the largest variant's).
 * Plain JavaScript so that it runs without a build step.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
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
// libvips' threads per image: sharp leaves it at 1 on glibc Linux (to limit the C allocator's fragmentation in
// long-lived servers). This process only makes photos, with MALLOC_ARENA_MAX=2 and at a lower priority than the web
// server (nice 10), so it may use every core the server leaves idle.
sharp.concurrency(os.availableParallelism());

const CORRUPT = 'Soubor je poškozený nebo neúplný (např. nedokončené nahrání). Nahrajte ho prosím znovu z originálu.';

class Refused extends Error {}

async function crc32OfFile(file) {
  let crc = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) crc = zlib.crc32(chunk, crc);
  return crc;
}

const PUBLIC_WIDTHS = [384, 828, 1440, 1920];
const ENCODERS = {
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 76, effort: 4 }),
  jpg: (s) => s.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
};

function publicWidthsFor(width) {
  const widths = PUBLIC_WIDTHS.filter((w) => w < width);
  widths.push(Math.min(width, PUBLIC_WIDTHS[PUBLIC_WIDTHS.length - 1]));
  return [...new Set(widths)].sort((a, b) => a - b);
}

/** The studio's public variants: decoded once (upright, sRGB, at most the largest width), then each width in three formats. */
async function processPublic(job, meta) {
  let base;
  try {
    base = await sharp(job.input, INPUT)
      .rotate()
      .resize({ width: PUBLIC_WIDTHS[PUBLIC_WIDTHS.length - 1], withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    if (meta.format === 'heif' && /compression format|codec|decod|heif/i.test(text)) throw new Refused('Tento soubor HEIC server neumí přečíst. Exportujte ho prosím jako JPEG a nahrajte znovu.');
    if (/pixel limit/i.test(text)) throw new Refused(`Obrázek má víc než dovolených ${MAX_INPUT_PIXELS / 1_000_000} megapixelů.`);
    throw new Refused(CORRUPT);
  }
  const { width, height, channels } = base.info;
  const raw = () => sharp(base.data, { raw: { width, height, channels } });
  const widths = publicWidthsFor(width);
  for (const w of widths) {
    const h = Math.max(1, Math.round((height * w) / width));
    // One resize per width; the three encodings share it.
    const resized = await raw().resize(w, h).raw().toBuffer({ resolveWithObject: true });
    for (const [format, encode] of Object.entries(ENCODERS)) {
      const body = await encode(sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } }).withIccProfile('srgb')).toBuffer();
      await fs.writeFile(path.join(job.outDir, `${w}.${format}`), body);
    }
  }
  const blur = await raw().resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();
  return { width, height, widths, blurDataUrl: `data:image/webp;base64,${blur.toString('base64')}` };
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
  if (job.profile === 'public') return processPublic(job, meta);
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
  // The two grid variants are encoded at once (each encoder uses one thread), beside writing web.jpg.
  const [, medium, small] = await Promise.all([
    fs.writeFile(path.join(job.outDir, 'web.jpg'), webFile),
    sharp(web).resize(MEDIUM, MEDIUM, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78, effort: 3 }).toBuffer(),
    sharp(web).resize(SMALL, SMALL, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: 3 }).toBuffer(),
  ]);
  await Promise.all([fs.writeFile(path.join(job.outDir, 'medium.webp'), medium), fs.writeFile(path.join(job.outDir, 'small.webp'), small)]);
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
