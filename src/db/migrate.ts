// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
import fs from 'node:fs';
import path from 'node:path';

export type SqlRunner = (text: string, opts?: { transaction?: boolean }) => Promise<void>;

/**
 * Plain SQL migrations, applied in file-name order, each once, inside a transaction.
 * Hand-written SQL instead of drizzle-kit's journal: several domains add tables independently and the same
 * files must run on PGlite and PostgreSQL 15 (see docs/decisions/004-sql-migrations.md).
 */
export function listMigrations(): { name: string; sql: string }[] {
  const dir = path.join(process.cwd(), 'src', 'db', 'migrations');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(process.cwd(), 'src', 'db', 'migrations', name), 'utf8') }));
}

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

export async function runMigrations(exec: SqlRunner, kind: 'pglite' | 'postgres'): Promise<void> {
  const migrations = listMigrations();
  // Several instances may start at once against one PostgreSQL: serialise with an advisory lock.
  const lock = kind === 'postgres' ? 'SELECT pg_advisory_xact_lock(724100);' : '';
  for (const m of migrations) {
    await exec(
      `${lock}
CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
DO $mig$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM _migrations WHERE name = ${quote(m.name)}) THEN
    EXECUTE ${dollarQuote(m.sql)};
    INSERT INTO _migrations (name) VALUES (${quote(m.name)});
  END IF;
END $mig$;`,
      { transaction: true },
    );
  }
}

function dollarQuote(sql: string): string {
  let tag = 'm';
  while (sql.includes(`$${tag}$`)) tag += 'x';
  return `$${tag}$${sql}$${tag}$`;
}
