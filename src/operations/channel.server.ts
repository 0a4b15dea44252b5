import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getDbHandle } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { log } from '@/platform/log';
import { bearerMatches, writeControl, type Control } from './control';
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
 * POST /api/backup/database: a consistent copy of the embedded database for `npm run backup`, streamed from a
 * temporary file (deleted once sent). Anyone without this start's token gets a plain 404, as if the route did
 * not exist.
 */
export async function databaseSnapshotResponse(request: Request): Promise<Response> {
  const control = g.__backupControl;
  if (!control || !bearerMatches(request.headers.get('authorization'), control.token)) return notFound();
  const handle = await getDbHandle();
  if (handle.kind !== 'pglite') {
    return new Response('Databáze je PostgreSQL: záloha ji kopíruje přímo (pg_dump)', { status: 409, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const dir = backupPaths(getEnv().DATA_DIR).root;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `.database-${randomBytes(8).toString('hex')}.tar`);
  try {
    await handle.dump(file);
  } catch (err) {
    fs.rmSync(file, { force: true });
    log.error('backup: database copy failed', { err });
    return new Response('Kopii databáze se nepodařilo vytvořit', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const size = fs.statSync(file).size;
  const stream = fs.createReadStream(file);
  stream.once('close', () => fs.rm(file, { force: true }, () => undefined));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: { 'content-type': 'application/x-tar', 'content-length': String(size), 'cache-control': 'no-store' },
  });
}
