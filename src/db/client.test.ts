import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, hasPostgres } from '@tests/support/test-db';

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

describe('PGlite data folder', () => {
  it('creates a new folder (initdb in a child process), keeps data across reopen, and runs with small shared buffers', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { openDb } = await import('./client');
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-dir-')), 'db');
    const first = await openDb({ url: dir });
    try {
      expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      await first.db.execute(sql`create table kept (v int)`);
      await first.db.execute(sql`insert into kept values (42)`);
    } finally {
      await first.close();
    }
    const again = await openDb({ url: dir });
    try {
      const rows = (await again.db.execute(sql`select v from kept`)) as unknown as { rows: { v: number }[] };
      expect(rows.rows).toEqual([{ v: 42 }]);
      const sb = (await again.db.execute(sql`select setting from pg_settings where name = 'shared_buffers'`)) as unknown as { rows: { setting: string }[] };
      expect(Number(sb.rows[0].setting) * 8).toBe(16 * 1024);
    } finally {
      await again.close();
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
