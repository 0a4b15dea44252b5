/**
 * Where a photo's files live in storage (local disk or S3). Keys are built from the photo's generated id only,
 * never from a file name.
 */

/** Display variants (WebP) the worker makes, by name, and their width in pixels (never wider than the photo). */
export const DISPLAY_VARIANTS = { small: 480, medium: 1200 } as const;
export type DisplayVariant = keyof typeof DISPLAY_VARIANTS;

/** The long side of the web-size download (and the lightbox image). */
export const WEB_SIZE = 2048;

/**
 * What can be opened of a photo: `original` — the full-resolution download (GPS removed, camera and copyright
 * kept); `web` — a 2048 px JPEG with the same metadata; `small` / `medium` — WebP display variants.
 */
export type PhotoVariant = 'original' | 'web' | DisplayVariant;

export const PHOTO_VARIANTS: readonly PhotoVariant[] = ['original', 'web', 'small', 'medium'];

export function originalKey(photoId: string): string {
  return `photos/${photoId}/original`;
}

export function variantKeyOf(photoId: string, variant: PhotoVariant): string {
  switch (variant) {
    case 'original':
      return `photos/${photoId}/download`;
    case 'web':
      return `photos/${photoId}/web.jpg`;
    default:
      return `photos/${photoId}/${variant}.webp`;
  }
}

/**
 * The public variants of a studio photo (the photographer's own weddings and site photos): AVIF, WebP and JPEG per
 * width, never wider than the photo, without any metadata but the sRGB profile. The widths match next.config's image
 * sizes; pages pick one per srcset width (no resizing per request).
 */
export const PUBLIC_WIDTHS = [384, 828, 1440, 1920] as const;
export const PUBLIC_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PublicFormat = (typeof PUBLIC_FORMATS)[number];
export const PUBLIC_CONTENT_TYPES: Record<PublicFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** The public widths made for a photo `width` pixels wide (at least one: the photo's own width when it is small). */
export function publicWidthsFor(width: number): number[] {
  const widths: number[] = PUBLIC_WIDTHS.filter((w) => w < width);
  widths.push(Math.min(width, PUBLIC_WIDTHS[PUBLIC_WIDTHS.length - 1]));
  return [...new Set(widths)].sort((a, b) => a - b);
}

/** Kept where the studio's own pipeline wrote them (decision 032), so photos processed before the move still serve. */
export function publicVariantKey(photoId: string, width: number, format: PublicFormat): string {
  return `studio/variants/${photoId}/${width}.${format}`;
}

/** What a photo is processed into: the couple's downloads and grid (gallery) or the public variants (studio). */
export type PhotoOwner = 'gallery' | 'studio';

/** Every key a photo can have (for deletion): its original where it was stored, and its owner's variants. */
export function allKeysOf(photo: { id: string; owner: PhotoOwner; originalKey: string; variantWidths: readonly number[] }): string[] {
  if (photo.owner === 'studio') return [photo.originalKey, ...photo.variantWidths.flatMap((w) => PUBLIC_FORMATS.map((f) => publicVariantKey(photo.id, w, f)))];
  return [photo.originalKey, ...PHOTO_VARIANTS.map((v) => variantKeyOf(photo.id, v))];
}
