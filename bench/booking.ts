/**
 * Booking path: inquiries committed per second through the real `POST /api/inquiries` of a production server
 * (autocannon in a second process, a fresh valid inquiry and Idempotency-Key per request, limits raised for
 * the run), on PGlite and on PostgreSQL. Afterwards the rows are counted in the database itself, so "committed"
 * means stored, not merely answered.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDb, rowsOf } from '../src/db/client';
import { budget, type BudgetCheck } from './lib/budgets';
import { runCannon } from './lib/cannon-runner';
import { freshPostgresDatabase } from './lib/postgres';
import { startServer } from './lib/server';

export const RAISED_LIMITS = {
  INQUIRY_RATE_PER_CLIENT: '100000000',
  INQUIRY_RATE_GLOBAL: '100000000',
  INQUIRY_MIN_FILL_MS: '0',
};

export interface BookingPathResult {
  database: 'pglite' | 'postgres';
  connections: number;
  durationSec: number;
  answered201: number;
  committedRows: number;
  committedPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  statusCounts: Record<string, number>;
  errors: number;
  budgets: BudgetCheck[];
}

async function countRows(url: string): Promise<number> {
  const h = await openDb({ url, migrate: false, max: 1 });
  try {
    const rows = rowsOf<{ n: string | number }>(await h.db.execute(sql`select count(*) as n from inquiries where email like 'bench-%'`));
    return Number(rows[0]?.n ?? 0);
  } finally {
    await h.close();
  }
}

export async function measureBookingPath(
  database: 'pglite' | 'postgres',
  opts: { connections?: number; duration?: number } = {},
  log: (s: string) => void = console.log,
): Promise<BookingPathResult> {
  const connections = opts.connections ?? 50;
  const duration = opts.duration ?? 10;
  const pg = database === 'postgres' ? await freshPostgresDatabase() : null;
  const server = await startServer({ ...RAISED_LIMITS, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  try {
    const url = `${server.url}/api/inquiries`;
    const probe = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await probe.text();
    if (probe.status === 404 || probe.status === 405) throw new Error(`POST /api/inquiries answered ${probe.status}: the booking endpoint is not in this build`);
    // Warm the route (first compile of the handler, first connection) without counting it.
    const warmRun = await runCannon({ url, mode: 'inquiry', connections: 5, duration: 2 });
    const before = pg ? await countRows(pg.url) : null;
    const r = await runCannon({ url, mode: 'inquiry', connections, duration });
    await server.stop();
    const dbUrl = pg ? pg.url : path.join(server.dataDir, 'pglite');
    const after = await countRows(dbUrl);
    // PGlite cannot be opened while the server holds it: its warm-up rows are known from the warm-up's 201s.
    const warm = before ?? warmRun.statusCounts['201'] ?? 0;
    const answered201 = r.statusCounts['201'] ?? 0;
    // Requests still in flight when autocannon stops may commit without their answer being counted: ≥, not =.
    const committedRows = after - warm;
    const res: BookingPathResult = {
      database,
      connections,
      durationSec: duration,
      answered201,
      committedRows,
      committedPerSec: Math.round((answered201 / duration) * 10) / 10,
      latencyP50Ms: r.latency.p50,
      latencyP99Ms: r.latency.p99,
      statusCounts: r.statusCounts,
      errors: r.errors + r.timeouts,
      budgets: [
        budget(`${database}: non-201 answers under load`, r.requests.total - answered201, '==', 0),
        budget(`${database}: rows stored − 201 answers`, committedRows - answered201, '>=', 0, '', `${committedRows} rows stored for ${answered201} answers 201`),
      ],
    };
    log(`  booking ${database}: ${res.committedPerSec} inquiries/s committed, p50 ${res.latencyP50Ms} ms, p99 ${res.latencyP99Ms} ms, statuses ${JSON.stringify(r.statusCounts)}, rows ${after}`);
    return res;
  } finally {
    await server.stop();
    await pg?.drop();
  }
}
