import type { Category, Wedding } from '@/content/types';
import { parseIsoDay } from '@/platform/dates';
import { firstParam, type SearchParams } from '@/platform/search-params';

/** Query parameters of /portfolio (Czech, deep-linkable): ?rok=2023&kategorie=obrad */
export const YEAR_PARAM = 'rok';
export const CATEGORY_PARAM = 'kategorie';


export interface PortfolioFilter {
  year?: number;
  category?: string;
  /** Czech notes about parameters that could not be used (shown to the visitor instead of failing). */
  notices: string[];
}

export function parsePortfolioFilter(params: SearchParams, years: number[], categories: Category[]): PortfolioFilter {
  const notices: string[] = [];
  const rawYear = firstParam(params, YEAR_PARAM)?.trim();
  const rawCategory = firstParam(params, CATEGORY_PARAM)?.trim();
  let year: number | undefined;
  let category: string | undefined;
  if (rawYear) {
    if (/^\d{4}$/.test(rawYear) && years.includes(Number(rawYear))) year = Number(rawYear);
    else notices.push(`Pro rok „${rawYear.slice(0, 20)}“ tu žádné svatby nemám, zobrazuji všechny roky.`);
  }
  if (rawCategory) {
    if (categories.some((c) => c.slug === rawCategory)) category = rawCategory;
    else notices.push(`Kategorii „${rawCategory.slice(0, 40)}“ neznám, zobrazuji všechny kategorie.`);
  }
  return { year, category, notices };
}

function sortKey(w: Wedding): number {
  const d = parseIsoDay(w.date);
  return d ? d.getTime() : Date.UTC(w.year, 0, 1);
}

/** Favourites first, then the newest wedding first; ties keep a stable order by couple name. */
export function sortWeddings(weddings: readonly Wedding[]): Wedding[] {
  return [...weddings].sort(
    (a, b) => Number(b.favorite) - Number(a.favorite) || sortKey(b) - sortKey(a) || a.couple.localeCompare(b.couple, 'cs'),
  );
}

export function yearsOf(weddings: readonly Wedding[]): number[] {
  return [...new Set(weddings.map((w) => w.year))].sort((a, b) => b - a);
}

/** Builds a /portfolio URL keeping the other filter (chips are plain links, so they work without JS). */
export function portfolioHref(base: string, filter: { year?: number; category?: string }): string {
  const q = new URLSearchParams();
  if (filter.year !== undefined) q.set(YEAR_PARAM, String(filter.year));
  if (filter.category) q.set(CATEGORY_PARAM, filter.category);
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
