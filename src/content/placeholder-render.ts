import 'server-only';
import sharp from 'sharp';
import { z } from 'zod';
import { placeholderSvg } from './placeholder-art';
import { placeholderVariantWidths } from './placeholder-variants';

// The encoded results are kept below (bounded); libvips' own operation cache would only keep the decoded SVG
// renders and encoder state resident in the idle server as well (the photo worker does the same).
sharp.cache(false);

/**
 * Bounds of generated images, from what the site uses: galleries up to 1599×1399, the home hero 2400×1600.
 * Anything larger (in either side or in area) is refused — rendering is CPU work anyone could ask for.
 */
export const PLACEHOLDER_MIN_SIDE = 16;
export const PLACEHOLDER_MAX_SIDE = 2400;
export const PLACEHOLDER_MAX_PIXELS = 2400 * 1600;

export const placeholderRequestSchema = z.object({
  seed: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Neplatný identifikátor obrázku.'),
  file: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}(\.w\d{2,4}|\.jpg)$/, 'Neplatný název souboru, očekává se např. 1200x900.jpg.')
    .transform((f) => {
      const [size, variant] = f.split('.');
      const [w, h] = size.split('x').map(Number);
      return { width: w, height: h, variant: variant.startsWith('w') ? Number(variant.slice(1)) : null };
    })
    .refine((d) => d.variant === null || placeholderVariantWidths(d.width).includes(d.variant), 'Tuto šířku obrázku nenabízím.')
    .refine(
      (d) => d.width >= PLACEHOLDER_MIN_SIDE && d.height >= PLACEHOLDER_MIN_SIDE && d.width <= PLACEHOLDER_MAX_SIDE && d.height <= PLACEHOLDER_MAX_SIDE,
      `Rozměry obrázku musí být mezi ${PLACEHOLDER_MIN_SIDE} a ${PLACEHOLDER_MAX_SIDE} px.`,
    )
    .refine((d) => d.width * d.height <= PLACEHOLDER_MAX_PIXELS, `Obrázek smí mít nejvýše ${PLACEHOLDER_MAX_PIXELS.toLocaleString('cs-CZ')} pixelů.`),
});

const g = globalThis as unknown as {
  __placeholderJpegs?: Map<string, Promise<Buffer>>;
  __placeholderVariants?: Map<string, Promise<Buffer>>;
  __placeholderSlots?: { busy: number; waiting: (() => void)[] };
};
const MAX_CACHED = 96;
/** Renders at once per process, and how many may wait; beyond that a request is turned away (503) at once. */
const MAX_RENDERING = 2;
const MAX_WAITING = 16;

export class PlaceholderBusyError extends Error {
  constructor() {
    super('placeholder renderer busy');
    this.name = 'PlaceholderBusyError';
  }
}

export function isPlaceholderCached(seed: string, width: number, height: number, variant: { width: number; format: 'avif' | 'webp' } | null = null): boolean {
  if (variant !== null) return g.__placeholderVariants?.has(`${seed}/${width}x${height}/${variant.width}.${variant.format}`) ?? false;
  return g.__placeholderJpegs?.has(`${seed}/${width}x${height}`) ?? false;
}

async function withRenderSlot<T>(fn: () => Promise<T>): Promise<T> {
  const slots = (g.__placeholderSlots ??= { busy: 0, waiting: [] });
  if (slots.busy >= MAX_RENDERING) {
    if (slots.waiting.length >= MAX_WAITING) throw new PlaceholderBusyError();
    await new Promise<void>((resolve) => slots.waiting.push(resolve));
  } else slots.busy += 1;
  try {
    return await fn();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.busy -= 1;
  }
}

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
  const p = withRenderSlot(() =>
    sharp(Buffer.from(placeholderSvg(seed, width, height)))
      .jpeg({ quality: 70, progressive: true, mozjpeg: true })
      .toBuffer(),
  );
  p.catch(() => cache.delete(key));
  cache.set(key, p);
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return p;
}

/**
 * The variant `variant` px wide of the seed's artwork (src/content/placeholder-variants.ts), AVIF or WebP: rendered
 * at that size once per process and kept (a handful of LCP photos, ≈ 5–40 KB each; bounded like the JPEGs).
 */
export function renderPlaceholderVariant(seed: string, width: number, height: number, variant: number, format: 'avif' | 'webp'): Promise<Buffer> {
  const cache = (g.__placeholderVariants ??= new Map());
  const key = `${seed}/${width}x${height}/${variant}.${format}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const h = Math.max(1, Math.round((variant * height) / width));
  const p = withRenderSlot(() => {
    const img = sharp(Buffer.from(placeholderSvg(seed, variant, h)));
    return (format === 'avif' ? img.avif({ quality: 50, effort: 4 }) : img.webp({ quality: 75 })).toBuffer();
  });
  p.catch(() => cache.delete(key));
  cache.set(key, p);
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return p;
}
