import type { ImageLoaderProps } from 'next/image';

/**
 * Ready-made variants (AVIF, or WebP for a browser that does not accept AVIF) of a generated sample photograph (`/api/placeholder/{seed}/{W}x{H}.jpg`), used for the
 * largest paint of a page that shows the sample content: the variants of the home hero are made when the server
 * starts (src/content/startup.server.ts), the others on first request, and then served from memory — the phone's
 * first photo never waits for the image optimiser (`/_next/image`) to encode it. Her own photographs come from the
 * photo pipeline's variants the same way (src/content/studio/variants.ts).
 */
export const PLACEHOLDER_VARIANT_WIDTHS = [390, 640, 828, 1080, 1440, 1920] as const;

const SOURCE = /^\/api\/placeholder\/([a-z0-9-]{1,80})\/(\d{1,5})x(\d{1,5})\.jpg$/;

export function isPlaceholderUrl(src: string): boolean {
  return SOURCE.test(src);
}

/** The variant widths for an original this wide: every standard width below it, and the original's own. */
export function placeholderVariantWidths(width: number): number[] {
  const below = PLACEHOLDER_VARIANT_WIDTHS.filter((w) => w < width);
  return below.length === PLACEHOLDER_VARIANT_WIDTHS.length ? below : [...below, Math.min(width, PLACEHOLDER_VARIANT_WIDTHS[PLACEHOLDER_VARIANT_WIDTHS.length - 1])];
}

export function placeholderVariantUrl(seed: string, width: number, height: number, variant: number): string {
  return `/api/placeholder/${seed}/${width}x${height}.w${variant}`;
}

/** next/image loader: the smallest ready-made variant at least as wide as asked (the largest one otherwise). */
export function placeholderVariantLoader({ src, width }: ImageLoaderProps): string {
  const m = SOURCE.exec(src);
  if (!m) return src;
  const [, seed, w, h] = m;
  const widths = placeholderVariantWidths(Number(w));
  const chosen = widths.find((x) => x >= width) ?? widths[widths.length - 1];
  return placeholderVariantUrl(seed, Number(w), Number(h), chosen);
}
