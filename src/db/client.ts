// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { listMigrations, pendingMigrations, runMigrations, type SqlRunner } from './migrate';
import { dumpPglite, dumpPostgres } from './dump';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for the migration runner and health checks. */
  exec: SqlRunner;
  close: () => Promise<void>;
  /** A whole-database copy into `file` (src/db/dump.ts): PGlite's data folder as a tar, or pg_dump's custom format. */
  dump: (file: string) => Promise<void>;
  /** Names of the applied migrations, in order (empty for a new database). */
  appliedMigrations: () => Promise<string[]>;
}

export interface OpenOptions {
  /** postgres://… → PostgreSQL; a folder path → PGlite data dir; 'memory://' → in-memory PGlite. */
  url: string;
  migrate?: boolean;
  /** Max pool size for PostgreSQL. */
  max?: number;
  /**
   * Called before migrations are applied to a database that already has some (never for a new one): the server
   * takes its copy before an upgrade here. A failure stops the open; nothing is migrated.
   */
  beforeMigrate?: (handle: DbHandle, pending: string[], applied: string[]) => Promise<void>;
}

export async function openDb(opts: OpenOptions): Promise<DbHandle> {
  let handle: DbHandle;
  if (/^postgres(ql)?:\/\//.test(opts.url)) {
    const client = postgres(opts.url, {
      max: opts.max ?? 10,
      onnotice: () => {},
      connect_timeout: 5,
      idle_timeout: 30,
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    handle = {
      db,
      kind: 'postgres',
      exec: async (text, opts) => {
        if (opts?.transaction) await client.begin((tx) => tx.unsafe(text));
        else await client.unsafe(text);
      },
      close: () => client.end({ timeout: 5 }),
      dump: (file) => dumpPostgres(opts.url, file),
      appliedMigrations: async () => {
        const rows = await client<{ name: string }[]>`SELECT name FROM _migrations ORDER BY name`.catch(onMissingTable);
        return rows.map((r) => r.name);
      },
    };
  } else {
    let dataDir: string | undefined;
    if (opts.url !== 'memory://') {
      dataDir = path.resolve(opts.url);
      fs.mkdirSync(dataDir, { recursive: true });
    }
    if (dataDir) await initPgliteDataDir(dataDir);
    const client = await PGlite.create(pgliteOptions(dataDir));
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    handle = {
      db,
      kind: 'pglite',
      exec: async (text, opts) => {
        if (opts?.transaction) await client.transaction((tx) => tx.exec(text));
        else await client.exec(text);
      },
      close: () => client.close(),
      dump: (file) => dumpPglite(client, file),
      appliedMigrations: async () => {
        const res = await client.query<{ name: string }>('SELECT name FROM _migrations ORDER BY name').catch(onMissingTable);
        return (Array.isArray(res) ? res : res.rows).map((r) => r.name);
      },
    };
  }
  if (opts.migrate !== false) {
    try {
      if (opts.beforeMigrate) {
        const applied = await handle.appliedMigrations();
        const pending = pendingMigrations(applied);
        if (applied.length > 0 && pending.length > 0) await opts.beforeMigrate(handle, pending, applied);
      }
      await runMigrations(handle.exec, handle.kind, listMigrations());
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }
  return handle;
}

/**
 * PGlite runs the whole Postgres in the server process. Its default shared_buffers (128 MB) is sized for a
 * database server; a photographer's inquiries fit in far less, and every megabyte here is server RSS.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

/**
 * How every PGlite of the app is opened (the admin-list benchmark opens its own the same way). Extensions are
 * loaded into each instance, not stored in the data folder: an index or function of pg_trgm (migration 0021)
 * fails in an instance opened without it.
 */
export function pgliteOptions(dataDir?: string): PGliteOptions {
  return { ...(dataDir ? { dataDir } : {}), postgresqlconf: PGLITE_CONF, extensions: { pg_trgm } };
}

/**
 * A new data folder needs initdb, which leaves several hundred MB of WebAssembly memory behind in the process that
 * ran it. Run it in a short-lived child process instead, so the server itself only ever opens an existing folder.
 * Falls back to initdb in-process when the package can't be located on disk (PGlite.create then runs it).
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const entry = path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'dist', 'index.js');
  if (!fs.existsSync(entry)) return;
  const code = [
    `const { PGlite } = await import(${JSON.stringify(new URL(`file://${entry}`).href)});`,
    `const db = await PGlite.create({ dataDir: process.argv[1], postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });`,
    `await db.query('select 1');`,
    `await db.close();`,
  ].join('\n');
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (codeOrNull) =>
      codeOrNull === 0 ? resolve() : reject(new Error(`PGlite initdb in ${dataDir} failed (exit ${codeOrNull}): ${stderr.slice(-2000)}`)),
    );
  });
}

/** A database without the _migrations table (a new one) has applied nothing. */
function onMissingTable(err: unknown): never[] {
  if ((err as { code?: unknown }).code === '42P01') return [];
  throw err;
}

/** Postgres unique violation, whichever driver raised it (drizzle may wrap the driver error in `cause`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const rec = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown; message?: unknown; cause?: unknown };
    if (rec.code === '23505') {
      if (!constraint) return true;
      const name = rec.constraint ?? rec.constraint_name;
      if (typeof name === 'string') return name === constraint;
      return typeof rec.message === 'string' && rec.message.includes(constraint);
    }
    e = rec.cause;
  }
  return false;
}

/** Rows returned by db.execute differ between drivers (postgres-js: array, PGlite: { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
