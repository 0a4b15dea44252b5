import type { Category, Image } from '@/content/types';

export const GALLERY_CATEGORY_PARAM = 'kategorie';
export const PHOTO_PARAM = 'foto';

export interface CategoryCount {
  category: Category;
  count: number;
}

/** Categories in the order they first appear in the gallery (a wedding-day order), with photo counts. */
export function categoryCounts(images: readonly Image[]): CategoryCount[] {
  const map = new Map<string, CategoryCount>();
  for (const img of images) {
    if (!img.category) continue;
    const hit = map.get(img.category.slug);
    if (hit) hit.count += 1;
    else map.set(img.category.slug, { category: img.category, count: 1 });
  }
  return [...map.values()];
}

/** Indexes (into the full list) of the photos shown for a category; all photos when none is chosen. */
export function visibleIndexes(images: readonly Image[], category: string | null): number[] {
  return images.flatMap((img, i) => (!category || img.category?.slug === category ? [i] : []));
}

/** A known category slug, or null (unknown values show the whole gallery instead of an empty one). */
export function parseCategory(value: string | undefined | null, counts: readonly CategoryCount[]): string | null {
  if (!value) return null;
  return counts.some((c) => c.category.slug === value) ? value : null;
}

/** `?foto=N` is 1-based within the visible photos; anything else (0, 99, "abc") opens nothing. */
export function parsePhoto(value: string | undefined | null, visibleCount: number): number | null {
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= visibleCount ? n - 1 : null;
}

/** Query string for the gallery state, keeping unrelated parameters. */
export function gallerySearch(current: string, state: { category: string | null; photo: number | null }): string {
  const q = new URLSearchParams(current);
  if (state.category) q.set(GALLERY_CATEGORY_PARAM, state.category);
  else q.delete(GALLERY_CATEGORY_PARAM);
  if (state.photo !== null) q.set(PHOTO_PARAM, String(state.photo + 1));
  else q.delete(PHOTO_PARAM);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** "1 fotografie", "3 fotografie", "5 fotografií". */
export function photoCountLabel(n: number): string {
  if (n === 1) return '1 fotografie';
  if (n >= 2 && n <= 4) return `${n} fotografie`;
  return `${n} fotografií`;
}
