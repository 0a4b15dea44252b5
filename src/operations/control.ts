// Not server-only by import: the backup command (plain tsx) reads what the server writes.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { databaseCopyPath } from './manifest';

/**
 * The local channel between `npm run backup` and a running server. PGlite allows one process per data folder, so
 * while the server runs only the server may copy the database. At start the server writes
 * `DATA_DIR/run/control.json` (readable by its own user only: mode 0600) with its pid, address and a random token;
 * the command sends the token as a bearer to `POST /api/backup/database` on that address, and the server writes the
 * copy into the snapshot folder (DATABASE_COPY under `backups/.work`) and answers with a DatabaseCopy.
 * The token is new on every start, so a stale file from a killed server is useless.
 */
export const controlSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  token: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Control = z.infer<typeof controlSchema>;

/** Where, inside the snapshot folder, the embedded database's copy is (its manifest path too). */
export const DATABASE_COPY = databaseCopyPath('pglite');

/** The server's answer once it has written the copy. */
export const databaseCopySchema = z.object({
  path: z.literal(DATABASE_COPY),
  size: z.number().int().positive(),
  migrations: z.array(z.string().min(1)),
});
export type DatabaseCopy = z.infer<typeof databaseCopySchema>;

export function writeControl(file: string, entry: Omit<Control, 'token'>): Control {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const control: Control = { ...entry, token: randomBytes(32).toString('hex') };
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(control), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return control;
}

export function readControl(file: string): Control | undefined {
  try {
    const parsed = controlSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The control entry of a server that is running now, if any. */
export function liveControl(file: string): Control | undefined {
  const control = readControl(file);
  return control && processAlive(control.pid) ? control : undefined;
}

export function bearerMatches(header: string | null, token: string): boolean {
  const m = /^Bearer ([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  return timingSafeEqual(Buffer.from(m[1]), Buffer.from(token));
}
