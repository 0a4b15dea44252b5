import { FALLBACK_COUPLE, FALLBACK_DATE, FALLBACK_LOCATION, type Image, type Wedding, type WeddingDetail } from './types';
import { isoDayOf } from '@/platform/dates';

/**
 * A wedding as a provider found it, after reshaping vendor JSON but before the docs/spec.md §3 fallbacks.
 * Every field may be missing or empty; `normalizeWedding()` is the one place that fills the gaps,
 * so all providers (local, Contentful, Strapi) agree on them.
 */
export interface RawWedding {
  id?: string | number | null;
  couple?: string | null;
  date?: string | null;
  location?: string | null;
  shortDescription?: string | null;
  slug?: string | null;
  year?: number | string | null;
  favorite?: boolean | null;
  coverImage?: Image | null;
}

export interface RawWeddingDetail extends RawWedding {
  story?: string | null;
  wedding_images?: Image[] | null;
}

function text(v: string | null | undefined): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** Lower-case ASCII slug: "Tereza & Jakub" → "tereza-jakub". */
export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** ISO date part (YYYY-MM-DD) when the value carries a real one, else null. */
export function isoDate(value: string | null | undefined): string | null {
  return isoDayOf(text(value));
}

/** docs/spec.md §3: year from the year field, else from the date, else the current year. */
export function weddingYear(year: RawWedding['year'], date: RawWedding['date'], now: Date = new Date()): number {
  const fromField = typeof year === 'number' ? year : typeof year === 'string' && year.trim() !== '' ? Number(year) : NaN;
  if (Number.isInteger(fromField) && fromField > 1900 && fromField < 3000) return fromField;
  const iso = isoDate(date);
  if (iso) return Number(iso.slice(0, 4));
  return now.getFullYear();
}

/** Applies the field fallbacks of docs/spec.md §3. */
export function normalizeWedding(raw: RawWedding, now: Date = new Date()): Wedding {
  const couple = text(raw.couple) || FALLBACK_COUPLE;
  const id = raw.id === null || raw.id === undefined || String(raw.id).trim() === '' ? '' : String(raw.id).trim();
  const slug = text(raw.slug) || (couple !== FALLBACK_COUPLE ? slugify(couple) : '') || slugify(id) || 'svatba';
  const wedding: Wedding = {
    id: id || slug,
    couple,
    date: isoDate(raw.date) ?? (text(raw.date) || FALLBACK_DATE),
    location: text(raw.location) || FALLBACK_LOCATION,
    shortDescription: text(raw.shortDescription),
    slug,
    year: weddingYear(raw.year, raw.date, now),
    favorite: raw.favorite === true,
  };
  if (raw.coverImage) wedding.coverImage = raw.coverImage;
  return wedding;
}

export function normalizeWeddingDetail(raw: RawWeddingDetail, now: Date = new Date()): WeddingDetail {
  const base = normalizeWedding(raw, now);
  const images = raw.wedding_images ?? [];
  return {
    ...base,
    coverImage: base.coverImage ?? images[0],
    story: text(raw.story),
    wedding_images: images,
  };
}
