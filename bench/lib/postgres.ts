import { sql } from 'drizzle-orm';
import { openDb, rowsOf, type DbHandle } from '../../src/db/client';

/** Base URL of the PostgreSQL server for benchmarks and reliability tests (CI: scripts/ci-postgres.sh). */
export function postgresBaseUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
}

export async function postgresAvailable(): Promise<string | null> {
  try {
    const h = await openDb({ url: postgresBaseUrl(), migrate: false, max: 1 });
    try {
      const rows = rowsOf<{ v: string }>(await h.db.execute(sql`select version() as v`));
      return String(rows[0]?.v ?? 'PostgreSQL').split(' on ')[0];
    } finally {
      await h.close();
    }
  } catch {
    return null;
  }
}

/** A brand-new empty database on the server; `drop()` removes it. */
export async function freshPostgresDatabase(prefix = 'bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = postgresBaseUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin: DbHandle = await openDb({ url: base, migrate: false, max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = await openDb({ url: base, migrate: false, max: 1 });
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    },
  };
}
