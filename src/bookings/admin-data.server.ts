import 'server-only';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import type { SessionUser } from '@/accounts/guards.server';
import { bookingConfig } from './config';
import { isStatus, type InquiryStatus } from './statuses';
import type { ListFilters, ListSort } from './types';

/** Helpers shared by the admin pages, actions and routes (each still calls requireAdmin itself). */
export function actorOf(user: SessionUser): string {
  return user.email || user.username || `uživatel ${user.id}`;
}

export async function adminDeps() {
  return { db: await getDb(), config: bookingConfig(getEnv()) };
}

const SORTS: ListSort[] = ['created-desc', 'created-asc', 'date-asc', 'date-desc'];

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Admin list filters from the query string (Czech parameter names); anything unknown is ignored. */
export function parseListFilters(sp: Record<string, string | string[] | undefined>): ListFilters {
  const q = one(sp.q)?.trim().slice(0, 100) || undefined;
  const stav = one(sp.stav);
  const status: InquiryStatus | undefined = isStatus(stav) ? stav : undefined;
  const rok = Number(one(sp.rok));
  const year = Number.isInteger(rok) && rok >= 2000 && rok <= 2100 ? rok : undefined;
  const razeni = one(sp.razeni) as ListSort | undefined;
  const sort = razeni && SORTS.includes(razeni) ? razeni : 'created-desc';
  const strana = Number(one(sp.strana));
  const page = Number.isInteger(strana) && strana > 0 && strana < 100_000 ? strana : 1;
  const flagged = one(sp.podezrele) === '1';
  return { q, status, year, sort, page, flagged, pageSize: 25 };
}

/** Query string for a filter set (pagination and export links keep the filters). */
export function filtersToQuery(f: ListFilters, over: Partial<ListFilters> = {}): string {
  const m = { ...f, ...over };
  const p = new URLSearchParams();
  if (m.q) p.set('q', m.q);
  if (m.status) p.set('stav', m.status);
  if (m.year) p.set('rok', String(m.year));
  if (m.flagged) p.set('podezrele', '1');
  if (m.sort && m.sort !== 'created-desc') p.set('razeni', m.sort);
  if (m.page && m.page > 1) p.set('strana', String(m.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}
