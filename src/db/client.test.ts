import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, hasPostgres } from './test-db';

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('database %s', (kind, enabled) => {
  it.runIf(enabled)('applies migrations once and is idempotent', async () => {
    const h = await createTestDb(kind);
    try {
      const { runMigrations } = await import('./migrate');
      await runMigrations(h.exec, h.kind);
      const rows = await h.db.execute(sql`select count(*)::int as n from _migrations`);
      const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { n: number }[];
      const { listMigrations } = await import('./migrate');
      expect(list[0].n).toBe(listMigrations().length);
    } finally {
      await h.close();
    }
  });
});
