import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { sql } from 'drizzle-orm';
import { openDb, rowsOf, type DbHandle } from '@/db/client';
import { runExclusive } from '@/platform/locks.server';
import { getPageViewStats, recordPageView } from '@/platform/analytics/page-views.server';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe.runIf(hasPostgres)('runExclusive on PostgreSQL (two instances = two connection pools)', () => {
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    a = await createTestDb('postgres');
    // A second, independent pool on the same database: what a second server instance would hold.
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const [row] = rowsOf<{ name: string }>(await a.db.execute(sql`SELECT current_database() AS name`));
    url.pathname = `/${row.name}`;
    b = await openDb({ url: url.toString(), migrate: false, max: 2 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('runs a job on only one instance at a time, and again once it finished', async () => {
    const gate = deferred();
    const started = deferred();
    const first = runExclusive(a, 'hold-expiry', async () => {
      started.resolve();
      await gate.promise;
      return 'a';
    });
    await started.promise;
    // The in-process guard is per process; clear it to act as the second process would.
    (globalThis as { __exclusiveRunning?: Set<string> }).__exclusiveRunning = new Set();
    const second = await runExclusive(b, 'hold-expiry', async () => 'b');
    expect(second).toEqual({ ran: false });
    const other = await runExclusive(b, 'retention', async () => 'other job');
    expect(other).toEqual({ ran: true, value: 'other job' });
    gate.resolve();
    expect(await first).toEqual({ ran: true, value: 'a' });
    expect(await runExclusive(b, 'hold-expiry', async () => 'b again')).toEqual({ ran: true, value: 'b again' });
  });
});

describe('runExclusive on PGlite and page-view stats', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(async () => db?.close());

  it('does not overlap runs of one job within the process', async () => {
    const gate = deferred();
    const first = runExclusive(db, 'mail-retry', () => gate.promise.then(() => 1));
    expect(await runExclusive(db, 'mail-retry', async () => 2)).toEqual({ ran: false });
    gate.resolve();
    expect(await first).toEqual({ ran: true, value: 1 });
  });

  it('counts views per path and day', async () => {
    const now = new Date('2026-06-12T10:00:00Z');
    await recordPageView(db.db, '/', now);
    await recordPageView(db.db, '/', now);
    await recordPageView(db.db, '/portfolio', now);
    await recordPageView(db.db, '/', new Date('2026-06-11T10:00:00Z'));
    await recordPageView(db.db, '/', new Date('2026-05-01T10:00:00Z'));
    const stats = await getPageViewStats(db.db, 7, now);
    expect(stats.total).toBe(4);
    expect(stats.byPath).toEqual([
      { path: '/', views: 3 },
      { path: '/portfolio', views: 1 },
    ]);
    expect(stats.byDay).toEqual([
      { day: '2026-06-12', path: '/', views: 2 },
      { day: '2026-06-12', path: '/portfolio', views: 1 },
      { day: '2026-06-11', path: '/', views: 1 },
    ]);
  });
});
