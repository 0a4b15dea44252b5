import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/platform/env';
import { log } from '@/platform/log';
import { openDb, type DbHandle, type Db } from './client';
import { DUMP_FILE, stampForFile } from './dump';

const g = globalThis as unknown as { __dbPromise?: Promise<DbHandle> };

export function databaseUrl(): string {
  const env = getEnv();
  return env.DATABASE_URL ?? path.join(env.DATA_DIR, 'pglite');
}

/**
 * One database per process. Next loads this module more than once (route handlers vs pages), so the handle
 * lives on globalThis behind one shared promise; a failed open is forgotten so the next request can retry.
 */
export function getDbHandle(): Promise<DbHandle> {
  if (!g.__dbPromise) {
    g.__dbPromise = openDb({ url: databaseUrl(), beforeMigrate: backupBeforeUpgrade }).catch((err: unknown) => {
      g.__dbPromise = undefined;
      throw err;
    });
  }
  return g.__dbPromise;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const p = g.__dbPromise;
  g.__dbPromise = undefined;
  if (p) await (await p).close();
}

/** Where the copies taken before migrations are kept (`npm run restore -- --before-upgrade` reads the newest). */
export function beforeUpgradeDir(dataDir = getEnv().DATA_DIR): string {
  return path.resolve(dataDir, 'backups', 'before-upgrade');
}

const KEEP_BEFORE_UPGRADE = 3;

/**
 * Before new migrations run on a database that has data, copy it whole (a few MB of records, no photos). Written
 * under a temporary name and renamed once complete; a failed copy stops the start (nothing migrated).
 */
async function backupBeforeUpgrade(handle: DbHandle, pending: string[], applied: string[]): Promise<void> {
  const dir = beforeUpgradeDir();
  fs.mkdirSync(dir, { recursive: true });
  const name = `${stampForFile()}__${applied.at(-1) ?? 'none'}__${DUMP_FILE[handle.kind]}`;
  const tmp = path.join(dir, `.${name}.partial`);
  fs.rmSync(tmp, { force: true });
  await handle.dump(tmp);
  fs.renameSync(tmp, path.join(dir, name));
  log.info('database copied before applying migrations', { file: path.join(dir, name), pending });
  const kept = fs.readdirSync(dir).filter((f) => !f.startsWith('.')).sort();
  for (const old of kept.slice(0, Math.max(0, kept.length - KEEP_BEFORE_UPGRADE))) fs.rmSync(path.join(dir, old), { force: true });
}
