import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { getDbHandle } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { log } from '@/platform/log';
import { bearerMatches, DATABASE_COPY, writeControl, type Control, type DatabaseCopy } from './control';
import { backupPaths } from './layout';

const g = globalThis as unknown as { __backupControl?: Control };

/** Start-up: publish this server's backup channel in DATA_DIR/run/control.json (see control.ts). */
export function openBackupChannel(): void {
  const env = getEnv();
  const control = writeControl(backupPaths(env.DATA_DIR).control, { pid: process.pid, host: env.HOST ?? '127.0.0.1', port: env.PORT });
  g.__backupControl = control;
  log.info('backup channel: ready', { file: backupPaths(env.DATA_DIR).control });
}

const notFound = () => new Response('Nenalezeno', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * POST /api/backup/database: a consistent copy of the embedded database for `npm run backup`, written by this server
 * straight into the snapshot folder the command prepared (`backups/.work/database/`, under this server's own
 * DATA_DIR; the command holds the backup lock meanwhile). The answer says what was written: its size and the
 * migrations applied (they cannot change while the server runs). Anyone without this start's token gets a plain 404,
 * as if the route did not exist.
 */
export async function databaseSnapshotResponse(request: Request): Promise<Response> {
  const control = g.__backupControl;
  if (!control || !bearerMatches(request.headers.get('authorization'), control.token)) return notFound();
  const handle = await getDbHandle();
  if (handle.kind !== 'pglite') {
    return new Response('Databáze je PostgreSQL: záloha ji kopíruje přímo (pg_dump)', { status: 409, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const file = path.join(backupPaths(getEnv().DATA_DIR).work, DATABASE_COPY);
  if (!fs.existsSync(path.dirname(file))) {
    return new Response('Složka zálohy neexistuje; spusťte npm run backup', { status: 409, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  try {
    await handle.dump(file);
    const answer: DatabaseCopy = { path: DATABASE_COPY, size: fs.statSync(file).size, migrations: await handle.appliedMigrations() };
    return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    fs.rmSync(file, { force: true });
    log.error('backup: database copy failed', { err });
    return new Response('Kopii databáze se nepodařilo vytvořit', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}
