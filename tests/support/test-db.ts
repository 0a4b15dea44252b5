import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type DbHandle } from '../../src/db/client';
import { copyPgliteTemplate } from './pglite-template';

/**
 * A fresh database for one test file: PGlite, or — when TEST_DATABASE_URL is set — a brand-new schema-isolated
 * database on the real PostgreSQL server.
 *
 * PGlite opens a copy of the run's migrated, empty folder (tests/support/pglite-template.ts) in a temporary folder
 * that closing removes; without a template (a config without that global setup) it is a new in-memory database.
 */
export async function createTestDb(kind: 'pglite' | 'postgres' = 'pglite'): Promise<DbHandle> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-db-'));
    if (!copyPgliteTemplate(path.join(dir, 'pglite'))) {
      fs.rmSync(dir, { recursive: true, force: true });
      return openDb({ url: 'memory://' });
    }
    const handle = await openDb({ url: path.join(dir, 'pglite') });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const { url, drop } = await emptyPostgresDatabase();
  const handle = await openDb({ url, max: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** A brand-new, empty database on the TEST_DATABASE_URL server (nothing migrated). */
async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set (needed for PostgreSQL integration tests)');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDb({ url: base, migrate: false, max: 1 });
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

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A PostgreSQL database restored from a PGlite backup, the way she moves from one machine to several: a PGlite
 * folder is filled by `seed`, copied with `npm run backup -- --out FILE`, and restored with `npm run restore` into a
 * brand-new database (DATABASE_URL). `check` sees the restored database before the caller's tests run on it.
 */
export async function restoredFromPgliteBackup(seed: (h: DbHandle) => Promise<void>, check: (h: DbHandle) => Promise<void>): Promise<DbHandle> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '../..');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-to-pg-'));
  try {
    const dataDir = path.join(tmp, 'data');
    copyPgliteTemplate(path.join(dataDir, 'pglite'));
    const source = await openDb({ url: path.join(dataDir, 'pglite') });
    try {
      await seed(source);
    } finally {
      await source.close();
    }
    const archive = path.join(tmp, 'backup.tar');
    const { DATABASE_URL: _ignored, ...env } = process.env;
    await run('npm', ['run', '--silent', 'backup', '--', '--out', archive], { cwd: root, env: { ...env, DATA_DIR: dataDir } });
    const target = await emptyPostgresDatabase();
    let handle: DbHandle | undefined;
    try {
      await run('npm', ['run', '--silent', 'restore', '--', archive, '--data-dir', path.join(tmp, 'restored')], { cwd: root, env: { ...env, DATABASE_URL: target.url } });
      handle = await openDb({ url: target.url, max: 20 });
      await check(handle);
    } catch (err) {
      await handle?.close();
      await target.drop();
      throw err;
    }
    const opened = handle;
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await target.drop();
      },
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
