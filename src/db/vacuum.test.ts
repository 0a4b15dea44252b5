import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '@tests/support/test-db';
import { rowsOf } from './client';
import { PGLITE_VACUUM_INTERVAL_MS, vacuumIfDue } from './vacuum.server';

describe('vacuumIfDue (PGlite has no autovacuum)', () => {
  it('vacuums and analyses once per interval: statistics appear and dead rows are gone', async () => {
    const h = await createTestDb('pglite');
    try {
      await h.exec('CREATE TABLE vac_probe (id int PRIMARY KEY, v text)');
      await h.exec("INSERT INTO vac_probe SELECT g, 'x' FROM generate_series(1, 2000) g");
      await h.exec("UPDATE vac_probe SET v = 'y'");
      // The UPDATE's dead-row counts sit in this backend's pending statistics until the next flush (at most once a
      // second): flush them now, or they can land after the VACUUM and count 2000 dead rows again.
      await h.exec('SELECT pg_stat_force_next_flush()');
      const stats = async () =>
        rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'vac_probe'`))[0].n;
      const dead = async () =>
        rowsOf<{ n: number }>(await h.db.execute(sql`SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = 'vac_probe'`))[0]?.n ?? 0;
      expect(await stats()).toBe(0);

      const last = { at: 0 };
      const t0 = 10 * PGLITE_VACUUM_INTERVAL_MS;
      expect(await vacuumIfDue(h, last, t0)).toBe(true);
      expect(await stats()).toBeGreaterThan(0);
      expect(await dead()).toBe(0);
      // Not again within the interval, again after it.
      expect(await vacuumIfDue(h, last, t0 + PGLITE_VACUUM_INTERVAL_MS - 1)).toBe(false);
      expect(await vacuumIfDue(h, last, t0 + PGLITE_VACUUM_INTERVAL_MS)).toBe(true);
    } finally {
      await h.close();
    }
  });
});
