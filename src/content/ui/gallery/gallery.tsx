import type { Image } from '@/content/types';
import { categoryCounts, parseCategory, parsePhoto, visibleIndexes, type CategoryCount } from './gallery-model';
import { GalleryClient, type GalleryItem } from './gallery-client';

export interface GalleryProps {
  images: readonly Image[];
  /** Accessible name of the gallery section, e.g. "Fotografie – Tereza & Jakub". */
  label: string;
  /** Raw `?kategorie=` and `?foto=` values of the request (server-side filtering and the lightbox deep link). */
  category?: string;
  photo?: string;
  /** Other query parameters of the page, kept in the chip links (e.g. `slug=` on /strapi-wedding-detail). */
  baseQuery?: string;
  /** Mark the first visible photo as the LCP candidate (true on wedding pages, where it is above the fold). */
  priorityFirst?: boolean;
}

/**
 * The wedding gallery (docs/spec.md §3 images): a mosaic driven by each photo's size hint, category chips with counts,
 * and the accessible lightbox. The server computes the initial filter and renders every srcset (the client
 * component's own render, so the page is complete without JavaScript); the client adds filtering in place and
 * the lightbox.
 */
export function Gallery({ images, label, category, photo, baseQuery = '', priorityFirst = false }: GalleryProps) {
  const counts: CategoryCount[] = categoryCounts(images);
  const initialCategory = parseCategory(category, counts);
  const initialVisible = visibleIndexes(images, initialCategory);
  const initialPhoto = parsePhoto(photo, initialVisible.length);
  const firstVisible = initialVisible[0];

  const items: GalleryItem[] = images.map((image, i) => {
    const alt = image.alternativeText || `Fotografie ${i + 1}`;
    return {
      id: image.id,
      sizeHint: image.sizeHint,
      category: image.category ? { slug: image.category.slug, name: image.category.name } : null,
      alt,
      // Only the source goes to the browser; the client computes the same srcsets the server renders (no
      // thumbnail and lightbox srcsets for every photo in the RSC payload: ~35 KB less on a wedding page).
      image: { url: image.url, width: image.width, height: image.height, alternativeText: image.alternativeText, ...(image.blurDataURL ? { blurDataURL: image.blurDataURL } : {}) },
      priority: priorityFirst && i === firstVisible,
    };
  });

  return (
    <GalleryClient
      items={items}
      categories={counts.map((c) => ({ slug: c.category.slug, name: c.category.name, count: c.count }))}
      label={label}
      initialCategory={initialCategory}
      initialPhoto={initialPhoto}
      baseQuery={baseQuery}
    />
  );
}
