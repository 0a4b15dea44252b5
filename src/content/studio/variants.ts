import type { ImageLoaderProps } from 'next/image';
import { PUBLIC_CONTENT_TYPES, PUBLIC_FORMATS, PUBLIC_WIDTHS, publicWidthsFor, type PublicFormat } from '@/photos/public';

/**
 * How pages address the studio's processed photos (no server imports: the gallery's client component uses the
 * loader below). The photo module makes and stores the variants (AVIF, WebP and JPEG per width); their public URL
 * is /api/photos/{photoId}/{w}.{avif|webp|jpg}, and /api/photos/{photoId}/{w} picks the best format the browser
 * accepts (Vary: Accept). A photo id never gets other bytes.
 */

/** Widths produced for every photo (never wider than the photo itself); they match next.config's image sizes. */
export const VARIANT_WIDTHS = PUBLIC_WIDTHS;
export const VARIANT_FORMATS = PUBLIC_FORMATS;
export type VariantFormat = PublicFormat;
export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = PUBLIC_CONTENT_TYPES;

export const PHOTO_URL_PREFIX = '/api/photos/';

/** Photo ids are random UUIDs without dashes' special meaning; the route refuses anything else. */
export const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The widths to produce for a photo `width` pixels wide (at least one: the photo's own width when it is small). */
export function variantWidthsFor(width: number): number[] {
  return publicWidthsFor(width);
}

/** The URL a content Image carries: the largest variant, negotiated format. */
export function photoUrl(photoId: string, largestWidth: number): string {
  return `${PHOTO_URL_PREFIX}${photoId}/${largestWidth}`;
}

export function variantUrl(photoId: string, width: number, format?: VariantFormat): string {
  return `${PHOTO_URL_PREFIX}${photoId}/${width}${format ? `.${format}` : ''}`;
}

/** `/api/photos/{id}/{w}` → its parts, or null for any other URL. */
export function parsePhotoUrl(src: string): { photoId: string; width: number } | null {
  if (!src.startsWith(PHOTO_URL_PREFIX)) return null;
  const m = /^([^/]+)\/(\d{1,5})$/.exec(src.slice(PHOTO_URL_PREFIX.length));
  if (!m || !PHOTO_ID.test(m[1])) return null;
  return { photoId: m[1], width: Number(m[2]) };
}

/** `{w}` or `{w}.{ext}` of a variant URL. */
export function parseVariantFile(file: string): { width: number; format: VariantFormat | null } | null {
  const m = /^(\d{1,5})(?:\.(avif|webp|jpg))?$/.exec(file);
  if (!m) return null;
  return { width: Number(m[1]), format: (m[2] as VariantFormat | undefined) ?? null };
}

/** Best format for an Accept header: AVIF, then WebP, then JPEG (which every browser takes). */
export function negotiateFormat(accept: string | null): VariantFormat {
  const a = accept ?? '';
  if (/image\/avif/.test(a)) return 'avif';
  if (/image\/webp/.test(a)) return 'webp';
  return 'jpg';
}

export function isStudioPhotoUrl(src: string): boolean {
  return parsePhotoUrl(src) !== null;
}

/**
 * next/image loader for studio photos: maps the width next/image asks for to the smallest pre-made variant at
 * least that wide (the largest one otherwise). No resizing ever happens per request.
 */
export function studioImageLoader({ src, width }: ImageLoaderProps): string {
  const parsed = parsePhotoUrl(src);
  if (!parsed) return src;
  const widths = variantWidthsFor(parsed.width);
  const chosen = widths.find((w) => w >= width) ?? widths[widths.length - 1];
  return variantUrl(parsed.photoId, chosen);
}
