import 'server-only';
import path from 'node:path';
import { getEnv } from '@/platform/env';
import { openDb, type DbHandle, type Db } from './client';

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
    g.__dbPromise = openDb({ url: databaseUrl() }).catch((err: unknown) => {
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
