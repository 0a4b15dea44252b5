import type { Image } from '@/content/types';
import { categoryCounts, GALLERY_PAGE_SIZE, parseCategory, parsePage, parsePhoto, visibleIndexes, type CategoryCount } from './gallery-model';
import { galleryItem, galleryVersion } from './gallery-items.server';
import { GalleryClient } from './gallery-client';

export interface GalleryProps {
  images: readonly Image[];
  /** Accessible name of the gallery section, e.g. "Fotografie – Tereza & Jakub". */
  label: string;
  /** Raw `?kategorie=`, `?foto=` and `?strana=` values of the request (server-side filtering, the lightbox deep link, the page). */
  category?: string;
  photo?: string;
  page?: string;
  /** Other query parameters of the page, kept in the chip links (e.g. `slug=` on /strapi-wedding-detail). */
  baseQuery?: string;
  /** Mark the first visible photo as the LCP candidate (true on wedding pages, where it is above the fold). */
  priorityFirst?: boolean;
  /**
   * The JSON route the browser fetches further pages from (`/api/weddings/{slug}/fotografie`). With it the first
   * render holds one page of photos; without it (drafts, diagnostics) every photo is rendered at once.
   */
  pagesFrom?: string;
}

/**
 * The wedding gallery (docs/spec.md §3 images): a mosaic driven by each photo's size hint, category chips with counts,
 * and the accessible lightbox over every photo of the view. The server computes the filter, the page and every
 * thumbnail's srcset; the first page is rendered (complete without JavaScript, with links to the next pages) and
 * the browser fetches the following pages as the visitor nears the end (docs/decisions/043-gallery-in-pages.md).
 */
export function Gallery({ images, label, category, photo, page, baseQuery = '', priorityFirst = false, pagesFrom }: GalleryProps) {
  const counts: CategoryCount[] = categoryCounts(images);
  const initialCategory = parseCategory(category, counts);
  const view = visibleIndexes(images, initialCategory);
  const pageSize = pagesFrom ? GALLERY_PAGE_SIZE : Math.max(1, images.length);
  const initialPage = parsePage(page, view.length, pageSize);
  const initialPhoto = parsePhoto(photo, view.length);
  const start = (initialPage - 1) * pageSize;

  // Unpaged: every photo (chips switch without a fetch). Paged: the page's photos, plus the deep-linked photo and its
  // neighbours (the lightbox opens without a fetch).
  const wanted = new Set(pagesFrom ? view.slice(start, start + pageSize) : images.map((_, n) => n));
  if (initialPhoto !== null) {
    for (const d of [-1, 0, 1]) wanted.add(view[(initialPhoto + d + view.length) % view.length]);
  }
  const lcp = priorityFirst && initialPage === 1 ? view[0] : -1;
  const items = [...wanted].sort((a, b) => a - b).map((n) => galleryItem(images[n], n, n === lcp));

  const slugIndex = new Map(counts.map((c, i) => [c.category.slug, i]));
  const cats = images.map((img) => (img.category ? (slugIndex.get(img.category.slug) ?? -1) : -1));
  const version = pagesFrom ? galleryVersion(images) : null;

  return (
    <GalleryClient
      // A new gallery (another wedding, an edit) starts with fresh state.
      key={version ?? undefined}
      items={items}
      cats={cats}
      categories={counts.map((c) => ({ slug: c.category.slug, name: c.category.name, count: c.count }))}
      label={label}
      initialCategory={initialCategory}
      initialPage={initialPage}
      initialPhoto={initialPhoto}
      baseQuery={baseQuery}
      pageSize={pageSize}
      endpoint={pagesFrom && version ? `${pagesFrom}?v=${version}` : null}
    />
  );
}
