process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf, type Db, type DbHandle } from '@/db/client';
import { inquiries } from '@/db/schema';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import * as inquiriesRepo from '@/bookings/repositories/inquiries.server';
import * as listRepo from '@/bookings/repositories/list.server';
import * as historyRepo from '@/bookings/repositories/history.server';
import * as gdprRepo from '@/bookings/repositories/gdpr.server';
import * as outbox from '@/platform/mail-outbox.server';
import { FOLD_FROM, FOLD_TO, SEARCH_SEPARATOR, foldForSearch } from '@/db/search-fold';
import { OPEN_STATUSES, STATUSES, isStatus, type InquiryStatus } from '@/bookings/statuses';
import type { InquiryKind } from '@/bookings/input';
import type { InquiryListItem, ListFilters, ListResult, ListSort } from '@/bookings/types';
import { resetBookings } from '@tests/support/bookings-factories';

const repo = { ...inquiriesRepo, ...listRepo, ...historyRepo, ...gdprRepo, ...outbox };

/**
 * The admin list (listInquiries) reads its counts from trigger-kept `inquiry_counts`, searches a generated, folded
 * column through a trigram index and reads back-half pages from the far end. These tests hold it to a plain
 * implementation (count the rows, OFFSET from the front, fold and match each searched column on its own) and check
 * the counts table against the rows after every kind of write.
 */

/** The searched columns, folded one by one (no generated column, no index). */
const fold = (col: SQLWrapper) => sql`translate(lower(${col}), ${FOLD_FROM}, ${FOLD_TO})`;

/** The list computed plainly: separate counts over the rows, OFFSET from the front, each column searched on its own. */
async function referenceList(db: Db, f: ListFilters): Promise<ListResult> {
  const where = (g: ListFilters, withStatus: boolean): SQL | undefined => {
    const parts: SQL[] = [];
    const q = foldForSearch(g.q ?? '').trim();
    if (q) {
      const pat = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const cols = [inquiries.partner1, inquiries.partner2, inquiries.email, inquiries.reference, inquiries.venue, inquiries.town];
      parts.push(or(...cols.map((c) => sql`${fold(c)} LIKE ${pat}`))!);
    }
    if (g.year) parts.push(and(gte(inquiries.weddingDate, `${g.year}-01-01`), lt(inquiries.weddingDate, `${g.year + 1}-01-01`))!);
    if (g.flagged) parts.push(sql`cardinality(${inquiries.flags}) > 0`);
    if (withStatus && g.status) parts.push(eq(inquiries.status, g.status));
    return parts.length ? and(...parts) : undefined;
  };
  const pageSize = Math.min(Math.max(f.pageSize ?? 25, 1), 100);
  const [{ n: total }] = await db.select({ n: count() }).from(inquiries).where(where(f, true));
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(f.page ?? 1, 1), pages);
  const order =
    f.sort === 'date-asc'
      ? [sql`${inquiries.weddingDate} ASC NULLS LAST`, desc(inquiries.id)]
      : f.sort === 'date-desc'
        ? [sql`${inquiries.weddingDate} DESC NULLS LAST`, desc(inquiries.id)]
        : f.sort === 'created-asc'
          ? [asc(inquiries.createdAt), asc(inquiries.id)]
          : [desc(inquiries.createdAt), desc(inquiries.id)];
  const rows = await db
    .select({
      id: inquiries.id,
      reference: inquiries.reference,
      kind: inquiries.kind,
      status: inquiries.status,
      partner1: inquiries.partner1,
      partner2: inquiries.partner2,
      email: inquiries.email,
      weddingDate: inquiries.weddingDate,
      town: inquiries.town,
      venue: inquiries.venue,
      packageId: inquiries.packageId,
      flags: inquiries.flags,
      holdExpiresAt: inquiries.holdExpiresAt,
      createdAt: inquiries.createdAt,
    })
    .from(inquiries)
    .where(where(f, true))
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<InquiryStatus, number>;
  const byStatus = await db.select({ status: inquiries.status, n: count() }).from(inquiries).where(where({ ...f, flagged: false }, false)).groupBy(inquiries.status);
  for (const r of byStatus) if (isStatus(r.status)) counts[r.status] = r.n;
  const [{ n: flaggedCount }] = await db.select({ n: count() }).from(inquiries).where(where({ ...f, flagged: true, status: undefined }, false));
  const items: InquiryListItem[] = rows.map((r) => ({ ...r, kind: r.kind as InquiryKind, status: isStatus(r.status) ? r.status : 'new', flags: r.flags ?? [] }));
  // Other open inquiries on an open inquiry's date, counted one inquiry at a time.
  const sameDate: Record<number, number> = {};
  for (const i of items) {
    if (i.weddingDate === null || !OPEN_STATUSES.includes(i.status)) continue;
    const [{ n }] = await db
      .select({ n: count() })
      .from(inquiries)
      .where(and(eq(inquiries.weddingDate, i.weddingDate), inArray(inquiries.status, [...OPEN_STATUSES]), sql`${inquiries.id} <> ${i.id}`));
    if (n > 0) sameDate[i.id] = n;
  }
  return { items, total, page, pageSize, pages, counts, flaggedCount, sameDate };
}

const NAMES = ['Jana Nováková', 'Žaneta Říhová', 'Petra Malá', 'Eva 50% Sleva', 'Olga_Podtržítko', 'Kateřina Dvořáková'];
const TOWNS = ['Praha', 'Brno', 'Český Krumlov', null, 'Lednice'];

/** `n` varied inquiries: every status, flags, dates over 2024–2027 and none, shared arrival times (ties by id). */
function seedRows(n: number, start = 0): (typeof inquiries.$inferInsert)[] {
  const base = Date.UTC(2026, 0, 1);
  return Array.from({ length: n }, (_, k) => {
    const i = start + k;
    const status = STATUSES[i % STATUSES.length];
    const locks = status === 'held' || status === 'confirmed';
    const noDate = !locks && i % 11 === 0;
    const d = `${2024 + (i % 4)}-${String(1 + (Math.floor(i / 4) % 12)).padStart(2, '0')}-${String(1 + (Math.floor(i / 48) % 28)).padStart(2, '0')}`;
    return {
      reference: `SV-${2024 + (i % 4)}-${i.toString(36).toUpperCase().padStart(4, '0')}`,
      kind: 'full',
      status,
      partner1: `${NAMES[i % NAMES.length]} ${i}`,
      partner2: i % 3 ? `Petr ${i}` : null,
      email: i % 4 ? `user${i}@example.cz` : `Jana.${i}@Example.CZ`,
      weddingDate: noDate ? null : d,
      slot: locks ? 0 : null,
      holdExpiresAt: status === 'held' ? new Date(base + 14 * 86_400_000) : null,
      venue: i % 2 ? 'Zámek Jana' : i % 4 ? null : 'Loučeň',
      town: TOWNS[i % TOWNS.length],
      consent: true,
      flags: i % 5 === 0 ? ['links'] : i % 7 === 0 ? ['near-date', 'no-venue'] : [],
      createdAt: new Date(base - Math.floor(i / 3) * 60_000),
      updatedAt: new Date(base),
    };
  });
}

/** The counts table summed per key, against the rows counted per key (both without empty keys). */
async function countsVersusRows(db: Db): Promise<{ kept: string[]; actual: string[] }> {
  const key = (r: { status: string; flagged: boolean; year: number | string | null; n: number | string }) => `${r.status}|${r.flagged}|${r.year ?? '-'}|${Number(r.n)}`;
  type R = { status: string; flagged: boolean; year: number | null; n: number | string };
  const kept = rowsOf<R>(
    await db.execute(sql`SELECT status, flagged, wedding_year AS year, sum(n) AS n FROM inquiry_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0`),
  );
  const actual = rowsOf<R>(
    await db.execute(sql`SELECT status, cardinality(flags) > 0 AS flagged, extract(year FROM wedding_date)::integer AS year, count(*) AS n FROM inquiries GROUP BY 1, 2, 3`),
  );
  return { kept: kept.map(key).sort(), actual: actual.map(key).sort() };
}

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('admin inquiry list on %s', (kind, enabled) => {
  let h: DbHandle;

  beforeAll(async () => {
    if (enabled) h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    if (enabled) await resetBookings(h);
  });

  it.runIf(enabled)('gives the same items, totals, pages and counts as counting the rows, for every filter, sort and page', async () => {
    await h.db.insert(inquiries).values(seedRows(240));
    // Writes of every kind after the insert, so the counts have been through updates and deletes.
    const now = new Date(Date.UTC(2026, 0, 2));
    const [fresh] = await h.db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.status, 'new')).limit(1);
    expect(await repo.transitionInquiry(h.db, { id: fresh.id, from: 'new', to: 'declined', actor: 'test', now })).toEqual({ kind: 'ok' });
    expect((await repo.expireHolds(h.db, new Date(Date.UTC(2026, 1, 1)))).length).toBeGreaterThan(0);
    expect(await repo.anonymiseClosedBefore(h.db, '2025-01-01', now)).toBeGreaterThan(0);
    expect((await repo.eraseEmail(h.db, 'user1@example.cz')).inquiries).toBe(1);

    const pageSize = 7;
    const sorts: ListSort[] = ['created-desc', 'created-asc', 'date-asc', 'date-desc'];
    const searches = [undefined, 'jana', 'ŘÍHOVÁ', 'rihova', 'praha', 'loucen', 'sv-2025', '@example.cz', 'a', 'č', '50%', 'olga_', '  ', 'nikdo takový'];
    let combo = 0;
    for (const q of searches)
      for (const status of [undefined, 'new', 'held', 'expired'] as const)
        for (const year of [undefined, 2025])
          for (const flagged of [false, true]) {
            const sort = sorts[combo++ % sorts.length];
            const base: ListFilters = { q, status, year, flagged, sort, pageSize };
            const first = await referenceList(h.db, base);
            for (const page of new Set([1, 2, Math.ceil(first.pages / 2), first.pages - 1, first.pages, first.pages + 3])) {
              const f = { ...base, page };
              expect(await repo.listInquiries(h.db, f), JSON.stringify(f)).toEqual(await referenceList(h.db, f));
            }
          }
  }, 120_000); // 240 rows through every filter, sort and page: ~12 s alone, much longer on a loaded 2-core machine

  it.runIf(enabled)('counts the other open inquiries asking for the same wedding date, leaving closed ones out', async () => {
    const statuses = ['new', 'in_talks', 'held', 'declined', 'cancelled', 'new', 'new', 'new'] as const;
    const seed = seedRows(16).map((r, k) => (k < 8 ? { ...r, weddingDate: k < 6 ? '2027-06-12' : '2027-06-19', slot: null, holdExpiresAt: null, status: statuses[k] } : r));
    seed[2].slot = 0;
    seed[2].holdExpiresAt = new Date(Date.UTC(2027, 0, 1));
    await h.db.insert(inquiries).values(seed);
    const got = await repo.listInquiries(h.db, { pageSize: 100 });
    expect(got).toEqual(await referenceList(h.db, { pageSize: 100 }));
    const byRef = new Map(got.items.map((i) => [i.reference, got.sameDate[i.id] ?? 0]));
    // 12 June: new, in talks, held and new are open (3 others each); declined and cancelled are not flagged.
    expect([0, 1, 2, 3, 4, 5].map((k) => byRef.get(seed[k].reference as string))).toEqual([3, 3, 3, 0, 0, 3]);
    expect([6, 7].map((k) => byRef.get(seed[k].reference as string))).toEqual([1, 1]);
  });

  it.runIf(enabled)('searches names, e-mail, reference, venue and town for a substring, ignoring case and diacritics, wildcards taken literally', async () => {
    const seed = seedRows(60);
    await h.db.insert(inquiries).values(seed);
    const expected = (q: string) =>
      seed
        .filter((r) => [r.partner1, r.partner2, r.email, r.reference, r.venue, r.town].some((v) => v?.toLowerCase().includes(q.toLowerCase())))
        .map((r) => r.partner1)
        .sort();
    const searches = ['žaneta říhová 7', 'ŘÍHOVÁ 13', 'PETR 14', 'user9@EXAMPLE', 'jana.8@example.cz', 'sv-2025-000', 'český krumlov', 'KRUMLOV', '50%', 'a_p', 'olga_', 'jana', 'loučeň', 'zámek'];
    for (const q of searches) {
      expect(expected(q).length, q).toBeGreaterThan(0);
      const got = await repo.listInquiries(h.db, { q, pageSize: 100 });
      expect(got.items.map((i) => i.partner1).sort(), q).toEqual(expected(q));
      expect(got.total, q).toBe(expected(q).length);
    }
    // The same without diacritics, in any case: the same rows.
    for (const [plain, accented] of [['zaneta rihova 7', 'žaneta říhová 7'], ['RIHOVA 13', 'ŘÍHOVÁ 13'], ['cesky krumlov', 'český krumlov'], ['Loucen', 'loučeň'], ['ZAMEK', 'zámek']]) {
      const got = await repo.listInquiries(h.db, { q: plain, pageSize: 100 });
      expect(got.items.map((i) => i.partner1).sort(), plain).toEqual(expected(accented));
      expect(got.total, plain).toBe(expected(accented).length);
    }
    // % and _ are characters to find, not wildcards; a term never matches across two columns.
    expect((await repo.listInquiries(h.db, { q: 'a%e' })).total).toBe(0);
    expect((await repo.listInquiries(h.db, { q: 'o_g' })).total).toBe(0);
    expect((await repo.listInquiries(h.db, { q: `7${SEARCH_SEPARATOR}` })).total).toBe(0);
    expect((await repo.listInquiries(h.db, { q: 'Říhová 1 Petr' })).total).toBe(0); // partner1 "… 1", partner2 "Petr 1"
  });

  it.runIf(enabled)('finds "Žaneta" by "zaneta", "Říha" by "RIHA", a venue, accented terms in plain data and plain terms in accented data', async () => {
    const row = (i: number, partner1: string, over: Partial<typeof inquiries.$inferInsert> = {}) => ({
      ...seedRows(1, i)[0],
      partner1,
      partner2: null,
      email: `x${i}@example.cz`,
      venue: null,
      town: null,
      ...over,
    });
    await h.db.insert(inquiries).values([
      row(0, 'Žaneta Nováková'),
      row(1, 'Zaneta Novakova'),
      row(2, 'Jiří Říha'),
      row(3, 'Eva Malá', { venue: 'Zámek Loučeň' }),
      row(4, 'Lucie Krátká', { town: 'Lednice' }),
      row(5, 'Hana Veselá', { partner2: 'Łukasz Żółć', town: 'Müllerdorf' }),
      row(6, 'Žofie Dvořáková'.normalize('NFD')), // decomposed input
    ]);
    const names = async (q: string) => (await repo.listInquiries(h.db, { q, pageSize: 100 })).items.map((i) => i.partner1.normalize('NFC')).sort();
    expect(await names('zaneta')).toEqual(['Zaneta Novakova', 'Žaneta Nováková']);
    expect(await names('Žaneta')).toEqual(['Zaneta Novakova', 'Žaneta Nováková']);
    expect(await names('ŽANETA NOVÁKOVÁ')).toEqual(['Zaneta Novakova', 'Žaneta Nováková']);
    expect(await names('RIHA')).toEqual(['Jiří Říha']);
    expect(await names('říha')).toEqual(['Jiří Říha']);
    expect(await names('Loučeň')).toEqual(['Eva Malá']);
    expect(await names('zamek loucen')).toEqual(['Eva Malá']);
    expect(await names('Lednicé')).toEqual(['Lucie Krátká']);
    expect(await names('lednice')).toEqual(['Lucie Krátká']);
    expect(await names('lukasz zolc')).toEqual(['Hana Veselá']);
    expect(await names('MULLER')).toEqual(['Hana Veselá']);
    expect(await names('zofie dvorakova')).toEqual(['Žofie Dvořáková']);
    expect(await names('Žofie'.normalize('NFD'))).toEqual(['Žofie Dvořáková']);
    // Counts under a search are counted over the matches.
    const res = await repo.listInquiries(h.db, { q: 'novakova' });
    expect(res.total).toBe(2);
    expect(Object.values(res.counts).reduce((a, b) => a + b, 0)).toBe(2);
    // Anonymisation rewrites the names, and the search with them.
    await h.db.update(inquiries).set({ status: 'declined', weddingDate: '2020-06-06' }).where(inArray(inquiries.partner1, ['Žaneta Nováková', 'Eva Malá']));
    expect(await repo.anonymiseClosedBefore(h.db, '2021-01-01', new Date())).toBe(2);
    expect(await names('zaneta')).toEqual(['Zaneta Novakova']);
    expect(await names('loucen')).toEqual([]);
    expect(await names('anonymizovano')).toEqual(['Anonymizováno', 'Anonymizováno']);
  });

  it.runIf(enabled)('folds search_text in the database exactly as foldForSearch does, for every character it folds', async () => {
    const samples = [
      ...Array.from(FOLD_FROM),
      ...Array.from(FOLD_FROM.slice(0, FOLD_TO.length), (c) => c.toUpperCase()),
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 .,-_%@+\\\'"',
      'Příliš žluťoučký kůň úpěl ďábelské ódy',
      'Příliš žluťoučký kůň úpěl ďábelské ódy'.normalize('NFD'),
      'ĽUBOMÍR Ĺ Ŕ Ô Ä Ő Ű ŁÓDŹ GDAŃSK Straße ÆØÅ',
    ];
    await h.db.insert(inquiries).values(samples.map((partner1, i) => ({ ...seedRows(1, i)[0], partner1 })));
    const rows = await h.db.select({ partner1: inquiries.partner1, searchText: inquiries.searchText, partner2: inquiries.partner2, email: inquiries.email, reference: inquiries.reference, venue: inquiries.venue, town: inquiries.town }).from(inquiries);
    expect(rows.length).toBe(samples.length);
    for (const r of rows) {
      const cols = [r.partner1, r.partner2, r.email, r.reference, r.venue, r.town].map((v) => foldForSearch(v ?? ''));
      expect(r.searchText, JSON.stringify(r.partner1)).toBe(cols.join(SEARCH_SEPARATOR));
    }
  });

  it.runIf(enabled)('answers a search of 3+ characters from the trigram index on search_text', async () => {
    await h.db.insert(inquiries).values(seedRows(30));
    const plan = await h.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = await tx.execute(sql`EXPLAIN SELECT id FROM inquiries WHERE search_text LIKE ${`%${foldForSearch('Říh')}%`}`);
      return rowsOf<Record<string, string>>(res)
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('inquiries_search_text_trgm_idx');
    expect((await repo.listInquiries(h.db, { q: 'ŘÍHOVÁ' })).total).toBe(5);
    expect((await repo.listInquiries(h.db, { q: 'rih' })).total).toBe(5);
    // The only trigram index on inquiries is the one on search_text.
    const trgm = rowsOf<{ indexname: string }>(
      await h.db.execute(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'inquiries' AND indexdef LIKE '%gin_trgm_ops%'`),
    ).map((r) => r.indexname);
    expect(trgm).toEqual(['inquiries_search_text_trgm_idx']);
  });

  it.runIf(enabled)('keeps inquiry_counts equal to the rows through every kind of write, concurrent writers and compaction', async () => {
    const check = async () => {
      const { kept, actual } = await countsVersusRows(h.db);
      expect(kept).toEqual(actual);
    };
    await check();
    await h.db.insert(inquiries).values(seedRows(80));
    await check();
    // Concurrent single inserts and status changes, with compactions running between them.
    const ids = (await h.db.select({ id: inquiries.id, status: inquiries.status }).from(inquiries).where(eq(inquiries.status, 'new'))).map((r) => r.id);
    const now = new Date();
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => h.db.insert(inquiries).values(seedRows(1, 1000 + i))),
      ...ids.map((id) => repo.transitionInquiry(h.db, { id, from: 'new', to: 'in_talks', actor: 'test', now })),
      ...Array.from({ length: 5 }, () => repo.compactInquiryCounts(h.db, 0)),
    ]);
    await check();
    await h.db.update(inquiries).set({ flags: ['links'] }).where(eq(inquiries.status, 'in_talks'));
    await h.db.update(inquiries).set({ weddingDate: null }).where(and(eq(inquiries.status, 'declined'), sql`wedding_date < '2025-06-01'`));
    await check();
    await repo.expireHolds(h.db, new Date(Date.UTC(2027, 0, 1)));
    await repo.anonymiseClosedBefore(h.db, '2030-01-01', now);
    await repo.eraseEmail(h.db, 'user2@example.cz');
    await h.db.delete(inquiries).where(eq(inquiries.status, 'cancelled'));
    await check();
    const [{ n: before }] = rowsOf<{ n: number | string }>(await h.db.execute(sql`SELECT count(*) AS n FROM inquiry_counts`));
    expect(await repo.compactInquiryCounts(h.db, 1_000_000)).toBe(0); // below the threshold: nothing rewritten
    expect(await repo.compactInquiryCounts(h.db)).toBe(0);
    expect(await repo.compactInquiryCounts(h.db, 0)).toBeGreaterThan(0);
    const [{ n: after }] = rowsOf<{ n: number | string }>(await h.db.execute(sql`SELECT count(*) AS n FROM inquiry_counts`));
    expect(Number(after)).toBeLessThan(Number(before));
    await check();
    await resetBookings(h); // TRUNCATE
    expect(rowsOf(await h.db.execute(sql`SELECT * FROM inquiry_counts`))).toEqual([]);
  });

  it.runIf(enabled)('migrations 0021 and 0022 run again over existing inquiries rebuild their counts and keep the search', async () => {
    await h.db.insert(inquiries).values(seedRows(50));
    await h.db.execute(sql`DELETE FROM inquiry_counts`);
    for (const name of ['0021_bookings_admin_list.sql', '0022_bookings_search_fold.sql']) {
      await h.exec(fs.readFileSync(path.join(process.cwd(), 'src/db/migrations', name), 'utf8'), { transaction: true });
    }
    const { kept, actual } = await countsVersusRows(h.db);
    expect(kept).toEqual(actual);
    expect((await repo.listInquiries(h.db, {})).total).toBe(50);
    expect((await repo.listInquiries(h.db, { q: 'zaneta rihova' })).total).toBe(9);
  });
});
