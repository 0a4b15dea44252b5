// Not server-only by import: the backup command (plain tsx) runs it.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import postgres from 'postgres';
import { openDb } from '@/db/client';
import { DUMP_FILE, pgliteDumpMigrations } from '@/db/dump';
import { liveControl, type Control } from './control';
import { sha256File } from './hash';
import { DATABASE_FOLDER, backupPaths, isExcluded } from './layout';
import { FILES_PREFIX, MANIFEST_FILE, type Manifest } from './manifest';

export interface SnapshotOptions {
  dataDir: string;
  /** postgres://… when the data lives in PostgreSQL; otherwise the embedded database in DATA_DIR/pglite. */
  databaseUrl?: string;
  withVariants: boolean;
}

export function appInfo(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { name?: string; version?: string };
    return { name: pkg.name ?? 'svatebni-fotograf', version: pkg.version ?? '0.0.0' };
  } catch {
    return { name: 'svatebni-fotograf', version: '0.0.0' };
  }
}

async function databaseFromServer(control: Control, file: string): Promise<void> {
  const host = control.host === '0.0.0.0' || control.host === '::' ? '127.0.0.1' : control.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${control.port}/api/backup/database`;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${control.token}` } });
  } catch (err) {
    throw new Error(`Běžící server (proces ${control.pid}) na ${url} neodpovídá: ${err instanceof Error ? err.message : String(err)}. Databázi nelze zkopírovat, dokud v ní pracuje jiný proces.`, { cause: err });
  }
  if (res.status !== 200 || !res.body) {
    throw new Error(`Server odmítl zkopírovat databázi (HTTP ${res.status}): ${(await res.text()).slice(0, 500)}`);
  }
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), fs.createWriteStream(file, { flags: 'wx' }));
}

async function postgresMigrations(url: string): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    return (await sql<{ name: string }[]>`SELECT name FROM _migrations ORDER BY name`).map((r) => r.name);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Every regular file under `dir` that a backup keeps, as paths relative to it with '/' separators. */
async function* walk(dir: string, withVariants: boolean, rel = ''): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!isExcluded(child, true, withVariants)) yield* walk(dir, withVariants, child);
    } else if (e.isFile()) {
      yield child;
    }
  }
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.promises.link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw err;
    await fs.promises.copyFile(from, to);
  }
}

/**
 * Assembles one consistent snapshot in `backups/.work`: the database first, then the files.
 *
 * Why this order is consistent: every domain stores a file before it commits the row that points at it. The
 * database copy therefore only references files that were complete before the copy was finished (time T1). Files
 * are hard-linked into the snapshot (no bytes copied; a later delete of the original does not touch the link) and
 * hashed; a file modified at or after T1 is left out — no row of this copy can point at it (an upload still being
 * written, a file of a row committed after the copy) — and the next backup takes it. Every row committed before the
 * copy began (T0, the manifest's createdAt) is in it.
 */
export async function assembleSnapshot(opts: SnapshotOptions): Promise<{ dir: string; manifest: Manifest; filesBefore: number }> {
  const dataDir = path.resolve(opts.dataDir);
  const paths = backupPaths(dataDir);
  const work = paths.work;
  await fs.promises.rm(work, { recursive: true, force: true });
  await fs.promises.mkdir(path.join(work, 'database'), { recursive: true });
  await fs.promises.mkdir(path.join(work, FILES_PREFIX), { recursive: true });

  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  const dbRel = `database/${DUMP_FILE[kind]}`;
  const dbFile = path.join(work, dbRel);
  const t0 = Date.now();
  let migrations: string[];
  if (kind === 'postgres') {
    const { dumpPostgres } = await import('@/db/dump');
    await dumpPostgres(opts.databaseUrl as string, dbFile);
    migrations = await postgresMigrations(opts.databaseUrl as string);
  } else {
    const control = liveControl(paths.control);
    if (control) {
      await databaseFromServer(control, dbFile);
    } else {
      const folder = path.join(dataDir, DATABASE_FOLDER);
      if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`V ${dataDir} není žádná databáze (chybí ${folder})`);
      const handle = await openDb({ url: folder, migrate: false });
      try {
        await handle.dump(dbFile);
      } finally {
        await handle.close();
      }
    }
    // Opening the copy proves it is a database, and tells its migration level.
    migrations = await pgliteDumpMigrations(dbFile);
  }
  const dbStat = await fs.promises.stat(dbFile);
  // T1: the copy is complete; files it can reference were complete before this.
  const t1 = Date.now();

  const files: Manifest['files'] = [];
  let totalBytes = dbStat.size;
  for await (const rel of walk(dataDir, opts.withVariants)) {
    const source = path.join(dataDir, rel);
    const before = await fs.promises.stat(source).catch(() => undefined);
    if (!before || before.mtimeMs >= t1) continue;
    const linked = path.join(work, FILES_PREFIX, rel);
    await linkOrCopy(source, linked);
    const sha256 = await sha256File(linked);
    const after = await fs.promises.stat(linked);
    // Still being written while it was hashed: not part of this snapshot.
    if (after.mtimeMs >= t1 || after.size !== before.size) {
      await fs.promises.rm(linked, { force: true });
      continue;
    }
    files.push({ path: rel, size: after.size, sha256 });
    totalBytes += after.size;
  }

  const manifest: Manifest = {
    format: 'svatebni-fotograf-backup',
    version: 1,
    createdAt: new Date(t0).toISOString(),
    app: appInfo(),
    database: { kind, path: dbRel, size: dbStat.size, sha256: await sha256File(dbFile), migrations },
    withVariants: opts.withVariants,
    files,
    totalBytes,
  };
  await fs.promises.writeFile(path.join(work, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
  return { dir: work, manifest, filesBefore: t1 };
}

/** After the snapshot was written out: true when none of its files changed meanwhile (they are hard links). */
export async function snapshotUnchanged(dir: string, manifest: Manifest, filesBefore: number): Promise<boolean> {
  for (const f of manifest.files) {
    const st = await fs.promises.stat(path.join(dir, FILES_PREFIX, f.path)).catch(() => undefined);
    if (!st || st.size !== f.size || st.mtimeMs >= filesBefore) return false;
  }
  return true;
}
