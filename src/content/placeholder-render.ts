import 'server-only';
import sharp from 'sharp';
import { z } from 'zod';
import { placeholderSvg } from './placeholder-art';

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
    .regex(/^\d{1,5}x\d{1,5}\.jpg$/, 'Neplatný název souboru, očekává se např. 1200x900.jpg.')
    .transform((f) => {
      const [w, h] = f.slice(0, -4).split('x').map(Number);
      return { width: w, height: h };
    })
    .refine(
      (d) => d.width >= PLACEHOLDER_MIN_SIDE && d.height >= PLACEHOLDER_MIN_SIDE && d.width <= PLACEHOLDER_MAX_SIDE && d.height <= PLACEHOLDER_MAX_SIDE,
      `Rozměry obrázku musí být mezi ${PLACEHOLDER_MIN_SIDE} a ${PLACEHOLDER_MAX_SIDE} px.`,
    )
    .refine((d) => d.width * d.height <= PLACEHOLDER_MAX_PIXELS, `Obrázek smí mít nejvýše ${PLACEHOLDER_MAX_PIXELS.toLocaleString('cs-CZ')} pixelů.`),
});

const g = globalThis as unknown as { __placeholderJpegs?: Map<string, Promise<Buffer>>; __placeholderSlots?: { busy: number; waiting: (() => void)[] } };
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

export function isPlaceholderCached(seed: string, width: number, height: number): boolean {
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
