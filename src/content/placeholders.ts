import { placeholderBlurDataURL, seededRandom } from './placeholder-art';
import type { Category, Image, SizeHint } from './types';

/**
 * Deterministic placeholder galleries (docs/spec.md §4, §9): a wedding without images gets 20–29 generated images,
 * width 800–1599, height 600–1399, categories cycling every 3 images through the seven sample categories,
 * size hint by position modulo 6. Seeded from the slug, so server and browser (and every request) agree.
 */

export const SAMPLE_CATEGORIES: readonly Category[] = [
  { id: 'category-pripravy', name: 'Přípravy', slug: 'pripravy' },
  { id: 'category-obrad', name: 'Obřad', slug: 'obrad' },
  { id: 'category-portrety', name: 'Portréty', slug: 'portrety' },
  { id: 'category-hostina', name: 'Hostina', slug: 'hostina' },
  { id: 'category-tanec', name: 'Tanec', slug: 'tanec' },
  { id: 'category-detaily', name: 'Detaily', slug: 'detaily' },
  { id: 'category-vecer', name: 'Večer', slug: 'vecer' },
];

export const PLACEHOLDER_MIN_COUNT = 20;
export const PLACEHOLDER_MAX_COUNT = 29;

/** docs/spec.md §9: position modulo 6 — 0 and 5 large, 1 and 4 medium, otherwise small. */
export function sizeHintFor(index: number): SizeHint {
  const m = index % 6;
  if (m === 0 || m === 5) return 'large';
  if (m === 1 || m === 4) return 'medium';
  return 'small';
}

/** Categories change every 3 images and cycle through all seven. */
export function categoryFor(index: number): Category {
  return SAMPLE_CATEGORIES[Math.floor(index / 3) % SAMPLE_CATEGORIES.length];
}

/** Site-relative URL of a generated image; `next/image` optimises it (AVIF/WebP) like any local image. */
export function placeholderUrl(seed: string, width: number, height: number): string {
  return `/api/placeholder/${encodeURIComponent(seed)}/${width}x${height}.jpg`;
}

/** One generated image (also used for blog covers and test pages). */
export function placeholderImage(seed: string, width: number, height: number, alternativeText: string, extra?: Partial<Pick<Image, 'id' | 'category' | 'sizeHint'>>): Image {
  return {
    id: extra?.id ?? `placeholder-${seed}`,
    url: placeholderUrl(seed, width, height),
    width,
    height,
    alternativeText,
    sizeHint: extra?.sizeHint ?? 'large',
    ...(extra?.category ? { category: extra.category } : {}),
    blurDataURL: placeholderBlurDataURL(seed, width, height),
  };
}

/** "Tereza & Jakub" → "Tereza a Jakub" (the ampersand reads badly in alt text). */
function coupleForAlt(couple: string): string {
  return couple.replace(/\s*&\s*/g, ' a ').trim();
}

/** Seeds must be URL- and file-safe; slugs from remote sources may not be. */
function seedBase(slug: string): string {
  const s = slug.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return s || 'svatba';
}

export function placeholderGallery(wedding: { slug: string; couple: string }): Image[] {
  const base = seedBase(wedding.slug);
  const rand = seededRandom(`gallery:${wedding.slug}`);
  const count = PLACEHOLDER_MIN_COUNT + Math.floor(rand() * (PLACEHOLDER_MAX_COUNT - PLACEHOLDER_MIN_COUNT + 1));
  const who = coupleForAlt(wedding.couple);
  return Array.from({ length: count }, (_, index) => {
    const width = 800 + Math.floor(rand() * 800);
    const height = 600 + Math.floor(rand() * 800);
    const category = categoryFor(index);
    const seed = `${base}-${index + 1}`;
    return placeholderImage(seed, width, height, `${category.name} – ${who}, fotografie ${index + 1}`, {
      id: `${base}-placeholder-${index + 1}`,
      category,
      sizeHint: sizeHintFor(index),
    });
  });
}
