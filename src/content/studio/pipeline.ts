import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { unprocessableImage, StudioError } from './errors';
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantWidthsFor, type VariantFormat } from './variants';

/**
 * The photo pipeline (sharp), run once per photo: check an upload, then turn the original into every public
 * variant. Outputs are oriented by EXIF, converted to sRGB and carry only the sRGB colour profile: no EXIF, GPS,
 * XMP or IPTC leaves the server.
 */

/** Largest accepted upload (said in the admin UI and in the 413 message). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '200 MB';
/** Decompression-bomb guard: 100 megapixels (a 61 MP camera fits; a 30 000 × 30 000 image does not). */
export const MAX_INPUT_PIXELS = 100_000_000;

const ACCEPTED_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/heif', avif: 'image/avif', tiff: 'image/tiff' };

const INPUT: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true };

export interface InspectedUpload {
  contentType: string;
  width: number;
  height: number;
}

function pixelLimitMessage(width: number, height: number): string {
  return `Obrázek má ${width} × ${height} pixelů, víc než dovolených ${MAX_INPUT_PIXELS / 1_000_000} megapixelů. Zmenšete ho prosím a nahrajte znovu.`;
}

/** Refuses what the pipeline could not process later: not an image, an unsupported format, a bomb, a corrupt file. */
export async function inspectUpload(body: Buffer): Promise<InspectedUpload> {
  let meta: Metadata;
  try {
    meta = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw new StudioError(415, 'UnsupportedMediaTypeError', 'Soubor není obrázek, který server umí přečíst. Nahrajte prosím fotografii ve formátu JPEG, PNG, WebP nebo HEIC.');
  }
  const contentType = meta.format ? ACCEPTED_FORMATS[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) {
    throw new StudioError(415, 'UnsupportedMediaTypeError', `Formát ${meta.format ?? 'neznámý'} server nepodporuje. Nahrajte prosím fotografii ve formátu JPEG, PNG, WebP nebo HEIC.`);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw unprocessableImage(pixelLimitMessage(meta.width, meta.height));
  // Decode the whole file once (JPEG shrink-on-load keeps this cheap): truncated or corrupt data fails here,
  // before anything is stored, and HEIC files this sharp build cannot decode are refused with a clear message.
  try {
    await sharp(body, INPUT).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    if (meta.format === 'heif' && /compression format|codec|decod|heif/i.test(text)) {
      throw unprocessableImage('Tento soubor HEIC server neumí přečíst. Exportujte ho prosím jako JPEG a nahrajte znovu.');
    }
    throw unprocessableImage('Soubor je poškozený nebo neúplný (např. nedokončené stažení). Nahrajte ho prosím znovu z originálu.');
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  return { contentType, width: rotated ? meta.height : meta.width, height: rotated ? meta.width : meta.height };
}

export interface Variant {
  width: number;
  height: number;
  format: VariantFormat;
  body: Buffer;
}

export interface ProcessedPhoto {
  width: number;
  height: number;
  widths: number[];
  blurDataUrl: string;
  variants: Variant[];
}

const ENCODERS: Record<VariantFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 76, effort: 4 }),
  jpg: (s) => s.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
};

/**
 * Original → every variant. Decodes the original once (auto-rotated by EXIF, into sRGB, at the largest variant
 * width), then resizes and encodes each width in AVIF, WebP and JPEG, and a ~16 px blur placeholder. `onStep` runs
 * before each libvips operation (the server lowers the priority of libvips' threads there).
 */
export async function processPhoto(original: Buffer, opts: { onStep?: () => void } = {}): Promise<ProcessedPhoto> {
  const step = opts.onStep ?? (() => undefined);
  step();
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(original, INPUT)
      .rotate()
      .resize({ width: VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1], withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(text)) throw unprocessableImage(`Obrázek má víc než dovolených ${MAX_INPUT_PIXELS / 1_000_000} megapixelů.`);
    throw unprocessableImage('Soubor je poškozený nebo neúplný. Nahrajte ho prosím znovu z originálu.');
  }
  const { width, height, channels } = base.info;
  const raw = () => sharp(base.data, { raw: { width, height, channels } });
  const widths = variantWidthsFor(width);
  const variants: Variant[] = [];
  for (const w of widths) {
    const h = Math.max(1, Math.round((height * w) / width));
    // One resize per width; the three encodings share it.
    step();
    const resized = await raw().resize(w, h).raw().toBuffer({ resolveWithObject: true });
    for (const format of VARIANT_FORMATS) {
      step();
      const body = await ENCODERS[format](sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } }).withIccProfile('srgb')).toBuffer();
      variants.push({ width: w, height: h, format, body });
    }
  }
  const blur = await raw().resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();
  return { width, height, widths, blurDataUrl: `data:image/webp;base64,${blur.toString('base64')}`, variants };
}
