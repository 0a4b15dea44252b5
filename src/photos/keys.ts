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

/** Every key a photo can have (for deletion). */
export function allKeysOf(photoId: string): string[] {
  return [originalKey(photoId), ...PHOTO_VARIANTS.map((v) => variantKeyOf(photoId, v))];
}
