import type { Image } from '@/content/types';
import { photoProps } from './photo-props';
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

/** Cell widths of the mosaic: 1 column < 34rem, 2 columns < 64rem, 3 columns above (container max 82rem). */
const THUMB_SIZES = {
  small: '(min-width: 82rem) 25rem, (min-width: 64rem) 31vw, (min-width: 34rem) 48vw, 100vw',
  // Medium cells are one column wide but two rows tall, large ones two by two: both crop a photo rendered
  // about twice the column width, so they need the larger candidates.
  medium: '(min-width: 82rem) 50rem, (min-width: 64rem) 62vw, (min-width: 34rem) 96vw, 100vw',
  large: '(min-width: 82rem) 50rem, (min-width: 64rem) 62vw, (min-width: 34rem) 96vw, 100vw',
} as const;

/** In the lightbox a photo is limited by the viewport height when the viewport is wider than the photo. */
function lightboxSizes(image: Image): string {
  const w = Math.max(1, Math.round(image.width));
  const h = Math.max(1, Math.round(image.height));
  return `(min-aspect-ratio: ${w}/${h}) calc((100vh - 8rem) * ${(w / h).toFixed(3)}), 100vw`;
}

/**
 * The wedding gallery (SPEC §3 images): a mosaic driven by each photo's size hint, category chips with counts,
 * and the accessible lightbox. The server computes every srcset and the initial filter, so the page is complete
 * without JavaScript; the client adds filtering in place and the lightbox.
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
      thumb: photoProps(image, { sizes: THUMB_SIZES[image.sizeHint] ?? THUMB_SIZES.small, alt, priority: priorityFirst && i === firstVisible }),
      full: photoProps(image, { sizes: lightboxSizes(image), alt, noBlur: true }),
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
