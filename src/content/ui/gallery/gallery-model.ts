import type { Category, Image } from '@/content/types';

export const GALLERY_CATEGORY_PARAM = 'kategorie';
export const PHOTO_PARAM = 'foto';
/** `?strana=N`: the gallery page shown first (and the link that reaches further photos without JavaScript). */
export const PAGE_PARAM = 'strana';

/**
 * Photos per gallery page: the first page is in the page's HTML and hydrates, the rest are fetched as the visitor
 * nears the end (docs/decisions/043-gallery-in-pages.md). 24 photos fill about ten phone screens (one column) and
 * three to four desktop screens (the three-column mosaic).
 */
export const GALLERY_PAGE_SIZE = 24;

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

/** `?strana=N` (1-based) when that page exists for `count` photos; anything else is the first page. */
export function parsePage(value: string | undefined | null, count: number, pageSize: number): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= pageCount(count, pageSize) ? n : 1;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The 1-based page that holds a 0-based position. */
export function pageOf(position: number, pageSize: number): number {
  return Math.floor(position / pageSize) + 1;
}

/** Pages (1-based, ascending, each once) that hold the positions in [from, to) for which `has` is false. */
export function missingPages(from: number, to: number, has: (position: number) => boolean, pageSize: number): number[] {
  const pages: number[] = [];
  for (let p = from; p < to; p++) {
    if (has(p)) continue;
    const page = pageOf(p, pageSize);
    pages.push(page);
    p = page * pageSize - 1;
  }
  return pages;
}

/**
 * Query string for the gallery state, keeping unrelated parameters. `page` is left as it is when not given, and
 * dropped for the first page (the canonical, cached address).
 */
export function gallerySearch(current: string, state: { category: string | null; photo: number | null; page?: number | null }): string {
  const q = new URLSearchParams(current);
  if (state.category) q.set(GALLERY_CATEGORY_PARAM, state.category);
  else q.delete(GALLERY_CATEGORY_PARAM);
  if (state.photo !== null) q.set(PHOTO_PARAM, String(state.photo + 1));
  else q.delete(PHOTO_PARAM);
  if (state.page !== undefined) {
    if (state.page !== null && state.page > 1) q.set(PAGE_PARAM, String(state.page));
    else q.delete(PAGE_PARAM);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** "1 fotografie", "3 fotografie", "5 fotografií". */
export function photoCountLabel(n: number): string {
  if (n === 1) return '1 fotografie';
  if (n >= 2 && n <= 4) return `${n} fotografie`;
  return `${n} fotografií`;
}
