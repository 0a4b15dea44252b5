/**
 * The admin list with 100 000 inquiries: rows bulk-inserted with generate_series, then the bookings repository's
 * own `listInquiries` timed for several pages and filters (each variant 30 times), and every SQL statement it
 * issued run through EXPLAIN ANALYZE (read-only statements) to show which plan it gets and what each costs.
 *
 * Runs as its own process with the `react-server` condition (the repository is `server-only`):
 *   tsx --conditions=react-server bench/admin-list.ts pglite|postgres   → prints one JSON line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { Logger } from 'drizzle-orm/logger';
import { openDb, pgliteOptions, type Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { pathToFileURL } from 'node:url';
import { budget, type BudgetCheck } from './lib/budgets';
import type { AdminListResult, AdminListVariant } from './lib/admin-list-types';
import { freshPostgresDatabase } from './lib/postgres';
import { median, percentile } from './lib/server';

export const ROWS = 100_000;
const REPEAT = 30;

const BULK_INSERT = `
INSERT INTO inquiries (reference, kind, status, partner1, partner2, email, phone, wedding_date, venue, town,
  guest_count, message, consent, flags, created_at, updated_at)
SELECT 'BENCH-' || lpad(g::text, 7, '0'), 'full',
  (ARRAY['new','in_talks','declined','cancelled','expired','done'])[1 + g % 6],
  'Jana ' || g, 'Petr ' || g, 'bulk' || g || '@example.cz', '+420 777 000 000',
  date '2021-01-01' + (g % 2500), 'Zámek Zbiroh', (ARRAY['Praha','Brno','Olomouc','Zbiroh'])[1 + g % 4],
  80, 'Dobrý den, máme zájem o focení.', true,
  CASE WHEN g % 17 = 0 THEN ARRAY['links'] ELSE '{}'::text[] END,
  now() - (g || ' minutes')::interval, now()
FROM generate_series(1, ${ROWS}) g;
ANALYZE inquiries;`;

/** The parts of the bookings repository's list filter this benchmark uses (src/bookings/types.ts ListFilters). */
interface ListFilters {
  q?: string;
  status?: string;
  year?: number;
  flagged?: boolean;
  sort?: string;
  page?: number;
}
type ListInquiries = (db: Db, f: ListFilters) => Promise<{ total: number }>;

/**
 * Loaded at run time rather than imported, so the benchmark scripts type-check and run (reporting the gap) in a
 * tree where the bookings domain is not present.
 */
async function loadListInquiries(): Promise<ListInquiries> {
  const file = path.resolve(import.meta.dirname, '../src/bookings/repositories/list.server.ts');
  if (!fs.existsSync(file)) throw new Error(`${file} not found: the bookings domain is not in this tree`);
  const mod = (await import(pathToFileURL(file).href)) as { listInquiries?: ListInquiries };
  if (typeof mod.listInquiries !== 'function') throw new Error('src/bookings/repositories/list.server.ts has no listInquiries export');
  return mod.listInquiries;
}

export const VARIANTS: { name: string; filters: ListFilters }[] = [
  { name: 'newest, page 1', filters: { page: 1 } },
  { name: 'newest, page 2', filters: { page: 2 } },
  { name: 'newest, page 40', filters: { page: 40 } },
  { name: 'newest, last page (4000)', filters: { page: 4000 } },
  // The deepest OFFSET the list issues: a back-half page is read from the other end, so the middle skips the most.
  { name: 'newest, middle page (2000)', filters: { page: 2000 } },
  { name: 'status new, page 1', filters: { status: 'new', page: 1 } },
  { name: 'year 2025, by wedding date, page 3', filters: { year: 2025, sort: 'date-asc', page: 3 } },
  { name: 'flagged, page 1', filters: { flagged: true, page: 1 } },
  { name: 'search "Jana 4242"', filters: { q: 'Jana 4242', page: 1 } },
];

/** "Limit → Index Scan Backward using inquiries_created_id_idx on inquiries" from EXPLAIN lines. */
export function planNodes(plan: string[]): string {
  return plan
    .filter((l) => l.includes('(cost='))
    .map((l) => l.replace(/^\s*(->\s*)?/, '').replace(/\s*\(cost=.*$/, ''))
    .join(' → ');
}

class Capture implements Logger {
  queries: { query: string; params: unknown[] }[] = [];
  logQuery(query: string, params: unknown[]): void {
    this.queries.push({ query, params });
  }
}

async function main(kind: 'pglite' | 'postgres'): Promise<AdminListResult> {
  const listInquiries = await loadListInquiries();
  const capture = new Capture();
  let db: Db;
  let explain: (q: string, params: unknown[]) => Promise<string[]>;
  let close: () => Promise<void>;
  let insertSeconds: number;
  if (kind === 'postgres') {
    const pg = await freshPostgresDatabase('benchlist');
    const h = await openDb({ url: pg.url }); // migrations
    await h.close();
    const client = postgres(pg.url, { max: 4, onnotice: () => {} });
    const t0 = performance.now();
    await client.unsafe(BULK_INSERT);
    insertSeconds = (performance.now() - t0) / 1000;
    db = drizzlePostgres(client, { schema, logger: capture }) as unknown as Db;
    explain = async (q, params) => (await client.unsafe(`EXPLAIN (ANALYZE) ${q}`, params as never[])).map((r) => String(Object.values(r)[0]));
    close = async () => {
      await client.end();
      await pg.drop();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-'));
    const h = await openDb({ url: dir });
    await h.close();
    // Opened as the app opens it (src/db/client.ts): same shared_buffers, same extensions (pg_trgm).
    const client = await PGlite.create(pgliteOptions(dir));
    const t0 = performance.now();
    await client.exec(BULK_INSERT);
    insertSeconds = (performance.now() - t0) / 1000;
    db = drizzlePglite(client, { schema, logger: capture }) as unknown as Db;
    explain = async (q, params) => (await client.query<Record<string, string>>(`EXPLAIN (ANALYZE) ${q}`, params)).rows.map((r) => String(Object.values(r)[0]));
    close = async () => {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  try {
    const variants: AdminListVariant[] = [];
    for (const v of VARIANTS) {
      await listInquiries(db, v.filters); // warm: plan cache, buffers
      const times: number[] = [];
      let total = 0;
      capture.queries = [];
      for (let i = 0; i < REPEAT; i++) {
        const t0 = performance.now();
        const res = await listInquiries(db, v.filters);
        times.push(performance.now() - t0);
        total = res.total;
      }
      const distinct = new Map<string, unknown[]>();
      for (const q of capture.queries) if (!distinct.has(q.query)) distinct.set(q.query, q.params);
      const plans = [];
      for (const [q, params] of distinct) {
        const plan = await explain(q, params);
        const exec = /Execution Time: ([\d.]+) ms/.exec(plan.join('\n'));
        plans.push({
          sql: q.length > 300 ? `${q.slice(0, 300)}…` : q,
          isPageQuery: /\blimit\b/i.test(q),
          executionMs: exec ? Number(exec[1]) : null,
          plan: plan.filter((l) => !/^(Planning|Execution) Time/.test(l)),
          usesIndex: plan.some((l) => /Index (Only )?Scan|Bitmap Index Scan/.test(l)),
        });
      }
      const r2 = (x: number) => Math.round(x * 100) / 100;
      variants.push({ name: v.name, p50Ms: r2(median(times)), p95Ms: r2(percentile(times, 95)), maxMs: r2(Math.max(...times)), total, plans });
    }
    const budgets: BudgetCheck[] = [];
    for (const v of variants) {
      budgets.push(budget(`${kind}: admin list "${v.name}" p95`, v.p95Ms, '<=', 50, ' ms'));
      // The statement that fetches the page rows (the one with LIMIT) must use an index.
      const pageQuery = v.plans.find((p) => p.isPageQuery);
      budgets.push(budget(`${kind}: admin list "${v.name}" page query uses an index`, pageQuery?.usesIndex ? 1 : 0, '==', 1, '', pageQuery ? planNodes(pageQuery.plan) : 'no page query captured'));
    }
    return { database: kind, rows: ROWS, insertSeconds: Math.round(insertSeconds * 10) / 10, variants, budgets };
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
  main(kind).then(
    (r) => process.stdout.write(JSON.stringify(r) + '\n'),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
