import 'server-only';
import { and, asc, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { inquiries, inquiryCounts } from '@/db/schema';
import { foldForSearch, SEARCH_SEPARATOR } from '@/db/search-fold';
import { OPEN_STATUSES, STATUSES, isStatus, type InquiryStatus } from '../statuses';
import type { InquiryDetail, InquiryListItem, ListFilters, ListResult } from '../types';
import { listColumns, toDetail, toListItem } from './inquiry-rows.server';
import { openInquiriesOn } from './inquiries.server';

/** The admin list query (search, filters, counts, pages) and the CSV export that shares its filters. */

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search term as the list applies it: trimmed and folded like `search_text` (lower case, no diacritics); blank
 * means no search (a bare `%%` would match every row).
 */
function searchTerm(f: Pick<ListFilters, 'q'>): string | null {
  const q = foldForSearch(f.q ?? '').trim();
  return q ? q : null;
}

/** `inquiries_flagged_created_idx` is partial on exactly this expression: keep the two identical. */
const isFlagged = sql<boolean>`cardinality(${inquiries.flags}) > 0`;

function listWhere(f: ListFilters, withStatus: boolean): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const q = searchTerm(f);
  if (q) {
    // Substring of names, e-mail, reference, venue or town, ignoring case and diacritics: the folded term in the
    // folded column (src/db/search-fold.ts), answered from inquiries_search_text_trgm_idx (3+ characters).
    // A term holding the column separator would match across two columns, which no single column contains.
    parts.push(q.includes(SEARCH_SEPARATOR) ? sql`false` : like(inquiries.searchText, `%${escapeLike(q)}%`));
  }
  if (f.year) parts.push(and(gte(inquiries.weddingDate, `${f.year}-01-01`), lt(inquiries.weddingDate, `${f.year + 1}-01-01`)));
  if (f.flagged) parts.push(isFlagged);
  if (withStatus && f.status) parts.push(eq(inquiries.status, f.status));
  const defined = parts.filter((p): p is SQL => Boolean(p));
  return defined.length ? and(...defined) : undefined;
}

/** Number of inquiries per (status, flagged) under the list's search and year filters — not its status or flagged filter. */
type Tally = { status: string; flagged: boolean; n: number }[];

/**
 * Without a search, from `inquiry_counts` (kept by triggers, a few hundred rows at most) instead of counting up to
 * every inquiry; with one, one grouped count over the rows the trigram index finds.
 */
async function tally(db: Db, f: ListFilters): Promise<Tally> {
  if (!searchTerm(f)) {
    const rows = await db
      .select({ status: inquiryCounts.status, flagged: inquiryCounts.flagged, n: sql<string | number>`sum(${inquiryCounts.n})` })
      .from(inquiryCounts)
      .where(f.year ? eq(inquiryCounts.weddingYear, f.year) : undefined)
      .groupBy(inquiryCounts.status, inquiryCounts.flagged);
    return rows.map((r) => ({ status: r.status, flagged: r.flagged, n: Number(r.n) }));
  }
  const rows = await db
    .select({ status: inquiries.status, flagged: isFlagged, n: count() })
    .from(inquiries)
    .where(listWhere({ q: f.q, year: f.year }, false))
    .groupBy(inquiries.status, isFlagged);
  return rows.map((r) => ({ status: r.status, flagged: Boolean(r.flagged), n: Number(r.n) }));
}

export async function listInquiries(db: Db, f: ListFilters): Promise<ListResult> {
  const pageSize = Math.min(Math.max(f.pageSize ?? 25, 1), 100);
  // One statement gives the per-status counts, the flagged count and the total.
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<InquiryStatus, number>;
  let flaggedCount = 0;
  let total = 0;
  for (const r of await tally(db, f)) {
    if (isStatus(r.status)) counts[r.status] += r.n;
    if (r.flagged) flaggedCount += r.n;
    if ((!f.status || r.status === f.status) && (!f.flagged || r.flagged)) total += r.n;
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(f.page ?? 1, 1), pages);
  const order =
    f.sort === 'date-asc'
      ? { fwd: [sql`${inquiries.weddingDate} ASC NULLS LAST`, desc(inquiries.id)], back: [sql`${inquiries.weddingDate} DESC NULLS FIRST`, asc(inquiries.id)] }
      : f.sort === 'date-desc'
        ? { fwd: [sql`${inquiries.weddingDate} DESC NULLS LAST`, desc(inquiries.id)], back: [sql`${inquiries.weddingDate} ASC NULLS FIRST`, asc(inquiries.id)] }
        : f.sort === 'created-asc'
          ? { fwd: [asc(inquiries.createdAt), asc(inquiries.id)], back: [desc(inquiries.createdAt), desc(inquiries.id)] }
          : { fwd: [desc(inquiries.createdAt), desc(inquiries.id)], back: [asc(inquiries.createdAt), asc(inquiries.id)] };
  // OFFSET still walks every skipped entry, so: a page in the back half is read from the other end in reverse
  // order (every order ends in the unique id, so the reverse is exact) and no page skips more than half the rows;
  // and past the first page the skipping selects ids only (from the index alone where the filters allow), the
  // page's columns are then fetched for those ids.
  const offset = (page - 1) * pageSize;
  const onPage = Math.max(0, Math.min(pageSize, total - offset));
  const after = total - offset - onPage;
  const back = after < offset;
  const [dir, limit, skip] = back ? [order.back, onPage, after] : [order.fwd, pageSize, offset];
  const where = listWhere(f, true);
  const ids = db.select({ id: inquiries.id }).from(inquiries).where(where).orderBy(...dir).limit(limit).offset(skip).as('page_ids');
  const rows =
    skip === 0
      ? await db.select(listColumns).from(inquiries).where(where).orderBy(...dir).limit(limit)
      : await db.select(listColumns).from(inquiries).innerJoin(ids, eq(inquiries.id, ids.id)).orderBy(...dir);
  if (back) rows.reverse();
  const items = rows.map(toListItem);
  return { items, total, page, pageSize, pages, counts, flaggedCount, sameDate: await sameDateCounts(db, items) };
}

/** For each open inquiry on the page: how many other open inquiries ask for the same wedding date. */
async function sameDateCounts(db: Db, items: readonly InquiryListItem[]): Promise<Record<number, number>> {
  const open = items.filter((i) => i.weddingDate !== null && OPEN_STATUSES.includes(i.status));
  const onDates = await openInquiriesOn(
    db,
    open.map((i) => i.weddingDate as string),
  );
  const perDate = new Map<string, number>();
  for (const i of onDates) perDate.set(i.weddingDate as string, (perDate.get(i.weddingDate as string) ?? 0) + 1);
  const out: Record<number, number> = {};
  for (const i of open) {
    const others = (perDate.get(i.weddingDate as string) ?? 1) - 1;
    if (others > 0) out[i.id] = others;
  }
  return out;
}

/**
 * Folds `inquiry_counts` into one row per key once the triggers have appended `minSurplus` rows beyond that
 * (maintenance, each minute). Rows appended by transactions that commit meanwhile are not seen, so not deleted.
 */
export async function compactInquiryCounts(db: Db, minSurplus = 200): Promise<number> {
  const [state] = rowsOf<{ rows: number | string; keys: number | string }>(
    await db.execute(sql`SELECT count(*) AS rows, (SELECT count(*) FROM (SELECT 1 FROM inquiry_counts GROUP BY status, flagged, wedding_year) k) AS keys FROM inquiry_counts`),
  );
  const surplus = Number(state.rows) - Number(state.keys);
  if (surplus < minSurplus) return 0;
  await db.execute(sql`
    WITH gone AS (DELETE FROM inquiry_counts RETURNING status, flagged, wedding_year, n)
    INSERT INTO inquiry_counts (status, flagged, wedding_year, n)
    SELECT status, flagged, wedding_year, sum(n) FROM gone GROUP BY status, flagged, wedding_year HAVING sum(n) <> 0`);
  return surplus;
}

/** Everything for the CSV export, in arrival order. */
export async function allInquiries(db: Db, f: Pick<ListFilters, 'status' | 'year' | 'q'>): Promise<InquiryDetail[]> {
  const rows = await db.select().from(inquiries).where(listWhere(f, true)).orderBy(asc(inquiries.createdAt), asc(inquiries.id));
  return rows.map(toDetail);
}

