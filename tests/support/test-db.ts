import { openDb, type DbHandle } from '../../src/db/client';

/**
 * A fresh database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL is set — a brand-new
 * schema-isolated database on the real PostgreSQL server.
 */
export async function createTestDb(kind: 'pglite' | 'postgres' = 'pglite'): Promise<DbHandle> {
  if (kind === 'pglite') return openDb({ url: 'memory://' });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set (needed for PostgreSQL integration tests)');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDb({ url: base, migrate: false, max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDb({ url: url.toString(), max: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const a = await openDb({ url: base, migrate: false, max: 1 });
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    },
  };
}

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
