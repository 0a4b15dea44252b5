import 'server-only';
import sharp from 'sharp';
import { z } from 'zod';
import { placeholderSvg } from './placeholder-art';

/** Bounds of generated images: galleries need up to 1599×1399; anything far beyond is refused. */
export const PLACEHOLDER_MIN_SIDE = 16;
export const PLACEHOLDER_MAX_SIDE = 2400;

export const placeholderRequestSchema = z.object({
  seed: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Neplatný identifikátor obrázku.'),
  file: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}\.jpg$/, 'Neplatný název souboru, očekává se např. 1200x900.jpg.')
    .transform((f) => {
      const [w, h] = f.slice(0, -4).split('x').map(Number);
      return { width: w, height: h };
    })
    .refine(
      (d) => d.width >= PLACEHOLDER_MIN_SIDE && d.height >= PLACEHOLDER_MIN_SIDE && d.width <= PLACEHOLDER_MAX_SIDE && d.height <= PLACEHOLDER_MAX_SIDE,
      `Rozměry obrázku musí být mezi ${PLACEHOLDER_MIN_SIDE} a ${PLACEHOLDER_MAX_SIDE} px.`,
    ),
});

const g = globalThis as unknown as { __placeholderJpegs?: Map<string, Promise<Buffer>> };
const MAX_CACHED = 96;

/** JPEG (quality 70, progressive) of the seed's artwork. Small LRU: a gallery is usually requested at once. */
export function renderPlaceholderJpeg(seed: string, width: number, height: number): Promise<Buffer> {
  if (!g.__placeholderJpegs) g.__placeholderJpegs = new Map();
  const cache = g.__placeholderJpegs;
  const key = `${seed}/${width}x${height}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const p = sharp(Buffer.from(placeholderSvg(seed, width, height)))
    .jpeg({ quality: 70, progressive: true, mozjpeg: true })
    .toBuffer();
  p.catch(() => cache.delete(key));
  cache.set(key, p);
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return p;
}
