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

export class MigrationError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationError';
  }
}

/**
 * Applies every migration not yet applied, all of them in ONE transaction: a migration that fails leaves the
 * database exactly as it was before the first of them (PostgreSQL's DDL is transactional), never half-upgraded.
 * The error names the failing file.
 */
export async function runMigrations(exec: SqlRunner, kind: 'pglite' | 'postgres', migrations = listMigrations()): Promise<void> {
  // Several instances may start at once against one PostgreSQL: serialise with an advisory lock.
  const lock = kind === 'postgres' ? 'SELECT pg_advisory_xact_lock(724100);' : '';
  const blocks = migrations.map(
    (m) => `DO $mig$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM _migrations WHERE name = ${quote(m.name)}) THEN
    BEGIN
      EXECUTE ${dollarQuote(m.sql)};
    EXCEPTION WHEN OTHERS THEN
      RAISE EXCEPTION 'migrace % selhala: %', ${quote(m.name)}, SQLERRM;
    END;
    INSERT INTO _migrations (name) VALUES (${quote(m.name)});
  END IF;
END $mig$;`,
  );
  try {
    await exec(
      `${lock}
CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
${blocks.join('\n')}`,
      { transaction: true },
    );
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new MigrationError(`Aktualizace databáze se nepodařila, databáze zůstala beze změny (${detail})`, err);
  }
}

/** Migration files not yet recorded in `applied` (the names in the database's _migrations table). */
export function pendingMigrations(applied: readonly string[], migrations = listMigrations()): string[] {
  const done = new Set(applied);
  return migrations.map((m) => m.name).filter((n) => !done.has(n));
}

function dollarQuote(sql: string): string {
  let tag = 'm';
  while (sql.includes(`$${tag}$`)) tag += 'x';
  return `$${tag}$${sql}$${tag}$`;
}
