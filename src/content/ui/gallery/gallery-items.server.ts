import 'server-only';
import { createHash } from 'node:crypto';
import type { Image, SizeHint } from '@/content/types';
import { czechCount, PAGES } from '@/site/public';
import { ownBuild } from '@/platform/build/build-info.server';
import { photoProps } from './photo-props';
import { compactImg } from './compact-img';
import { categoryCounts, GALLERY_PAGE_SIZE, pageCount, visibleIndexes } from './gallery-model';
import type { GalleryItem, GallerySlice } from './gallery-types';

/** Cell widths of the mosaic: 1 column < 34rem, 2 columns < 64rem, 3 columns above (container max 82rem). */
const THUMB_SIZES: Record<SizeHint, string> = {
  small: '(min-width: 82rem) 25rem, (min-width: 64rem) 31vw, (min-width: 34rem) 48vw, 100vw',
  // Medium cells are one column wide but two rows tall, large ones two by two: both crop a photo rendered
  // about twice the column width, so they need the larger candidates.
  medium: '(min-width: 82rem) 50rem, (min-width: 64rem) 62vw, (min-width: 34rem) 96vw, 100vw',
  large: '(min-width: 82rem) 50rem, (min-width: 64rem) 62vw, (min-width: 34rem) 96vw, 100vw',
};

/**
 * A photo's thumbnail through next/image's pipeline, on the server only. Every `sizes` above names a vw width, so
 * the srcset holds every candidate from 390 px up: the lightbox reuses it with its own `sizes`
 * (gallery-client.tsx), and without JavaScript the link to `src` (the largest candidate) opens the large photo.
 */
export function galleryItem(image: Image, n: number, priority = false): GalleryItem {
  const alt = image.alternativeText || `Fotografie ${n + 1}`;
  const { style, ...img } = photoProps(image, { sizes: THUMB_SIZES[image.sizeHint] ?? THUMB_SIZES.small, alt, priority });
  // Only the blur placeholder itself stays inline; the rules shared by every photo (transparent alt text while
  // loading, background size/position/repeat) are in the mosaic's and the lightbox's CSS — ≈ 200 bytes less per photo
  // in the HTML and the RSC payload.
  const blur = style.backgroundImage;
  return { n, id: image.id, sizeHint: image.sizeHint, thumb: compactImg({ ...img, style: blur ? { backgroundImage: blur } : {} }) };
}

/**
 * A short digest of everything a gallery page shows (and of the build, whose image settings shape the srcsets).
 * The page puts it in the JSON route's address, so one address always answers the same bytes (cacheable for a
 * year); a page rendered before an edit asks with its old digest and gets a 409 instead of mixed photos.
 */
export function galleryVersion(images: readonly Image[]): string {
  const h = createHash('sha256');
  h.update(ownBuild().id);
  for (const i of images) {
    h.update(JSON.stringify([i.id, i.url, i.width, i.height, i.alternativeText, i.sizeHint, i.category?.slug ?? '', i.category?.name ?? '', i.blurDataURL ?? '']));
  }
  return h.digest('hex').slice(0, 16);
}

export type SliceResult = { ok: true; slice: GallerySlice } | { ok: false; status: 400 | 404 | 409; name: string; message: string };

/** One page of a gallery, of all photos or of one category, for GET /api/weddings/{slug}/fotografie. */
export function gallerySlice(
  images: readonly Image[],
  query: { version: string; page: number; category?: string },
  pageSize = GALLERY_PAGE_SIZE,
): SliceResult {
  if (query.version !== galleryVersion(images)) {
    return { ok: false, status: 409, name: 'ConflictError', message: 'Galerie se mezitím změnila. Načtěte prosím stránku znovu.' };
  }
  const category = query.category ?? null;
  if (category !== null && !categoryCounts(images).some((c) => c.category.slug === category)) {
    return { ok: false, status: 404, name: 'NotFoundError', message: 'Tato kategorie fotografií v galerii není.' };
  }
  const view = visibleIndexes(images, category);
  const pages = pageCount(view.length, pageSize);
  if (query.page > pages) {
    return { ok: false, status: 404, name: 'NotFoundError', message: `Galerie má jen ${czechCount(pages, PAGES)}.` };
  }
  const start = (query.page - 1) * pageSize;
  const items = view.slice(start, start + pageSize).map((n) => galleryItem(images[n], n));
  return { ok: true, slice: { page: query.page, pages, items } };
}
