// Not server-only by import: the backup command (plain tsx) runs it.
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { databaseCopySchema, processAlive, readControl, type Control, type DatabaseCopy } from './control';
import { forEachLimited, HashCache, identityOf, sameIdentity, sha256File } from './hash';
import { DATABASE_FOLDER, backupPaths, isExcluded } from './layout';
import { DATABASE_PREFIX, databaseCopyPath, FILES_PREFIX, MANIFEST_FILE, type Manifest } from './manifest';

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

/** Whether `file` exists; any error other than "no such file" is thrown, not taken for absence (e.g. EMFILE). */
function exists(file: string): boolean {
  try {
    fs.statSync(file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw err;
  }
}

/**
 * The server running on this data folder, if any. A control file that exists but cannot be read is an error, never
 * "no server": opening the database folder beside a running server would damage it.
 */
function runningServer(file: string): Control | undefined {
  if (!exists(file)) return undefined;
  const control = readControl(file);
  if (!control) throw new Error(`Soubor ${file} nelze přečíst; neběží-li server, smažte jej a zálohujte znovu`);
  return processAlive(control.pid) ? control : undefined;
}

/** Asks the running server to write its database copy into the snapshot folder; resolves with what it wrote. */
async function requestDatabase(control: Control): Promise<DatabaseCopy> {
  const host = control.host === '0.0.0.0' || control.host === '::' ? '127.0.0.1' : control.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${control.port}/api/backup/database`;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${control.token}` } });
  } catch (err) {
    throw new Error(`Běžící server (proces ${control.pid}) na ${url} neodpovídá: ${err instanceof Error ? err.message : String(err)}. Databázi nelze zkopírovat, dokud v ní pracuje jiný proces.`, { cause: err });
  }
  if (res.status !== 200) {
    throw new Error(`Server odmítl zkopírovat databázi (HTTP ${res.status}): ${(await res.text()).slice(0, 500)}`);
  }
  const parsed = databaseCopySchema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new Error('Server po kopii databáze odpověděl nesrozumitelně');
  return parsed.data;
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

/** Everything under `dir` that is not a directory (the links of the previous snapshot), relative to it. */
async function existingEntries(dir: string, rel = '', out = new Set<string>()): Promise<Set<string>> {
  const entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) await existingEntries(dir, child, out);
    else out.add(child);
  }
  return out;
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

/** Removes the entries of the previous snapshot that this one does not keep, and the folders they leave empty. */
async function removeStale(filesDir: string, existing: Set<string>, kept: Set<string>): Promise<void> {
  const folders = new Set<string>();
  await forEachLimited([...existing].filter((rel) => !kept.has(rel)), IO_LANES, async (rel) => {
    await fs.promises.rm(path.join(filesDir, rel), { force: true, recursive: true });
    for (let d = path.posix.dirname(rel); d !== '.'; d = path.posix.dirname(d)) folders.add(d);
  });
  // Deepest first; a folder that still holds something stays.
  for (const d of [...folders].sort((a, b) => b.split('/').length - a.split('/').length)) {
    await fs.promises.rmdir(path.join(filesDir, d)).catch(() => undefined);
  }
}

/** Files stat-ed, linked and hashed at once: the I/O of some overlaps the hashing of others. */
const IO_LANES = 8;
const NS_PER_MS = 1_000_000n;

/**
 * The files of the snapshot in `filesDir`: a hard link per stored file complete before `t1` (milliseconds), with its
 * SHA-256. The previous snapshot's links are reused: a link still pointing at the stored file's inode is kept, any
 * other is made anew, and what the data folder no longer has (or has changed after `t1`) is removed. A file whose
 * identity (size, mtime, ctime, inode) is the one recorded with its SHA-256 in `cache` is not read again.
 */
async function snapshotFiles(dataDir: string, filesDir: string, withVariants: boolean, t1: number, cache: HashCache): Promise<Manifest['files']> {
  const limit = BigInt(t1) * NS_PER_MS;
  const candidates: string[] = [];
  for await (const rel of walk(dataDir, withVariants)) candidates.push(rel);
  const befores = new Array<fs.BigIntStats | undefined>(candidates.length);
  await forEachLimited(candidates, IO_LANES * 2, async (rel, i) => {
    const st = await fs.promises.stat(path.join(dataDir, rel), { bigint: true }).catch(() => undefined);
    // Modified at or after T1 (still being written, or of a row committed after the copy): the next backup takes it.
    befores[i] = st && st.isFile() && st.mtimeNs < limit ? st : undefined;
  });
  const kept = new Set(candidates.filter((_, i) => befores[i]));
  await removeStale(filesDir, await existingEntries(filesDir), kept);

  const results = new Array<Manifest['files'][number] | undefined>(candidates.length);
  await forEachLimited(candidates, IO_LANES, async (rel, i) => {
    const before = befores[i];
    if (!before) return;
    const source = path.join(dataDir, rel);
    const linked = path.join(filesDir, rel);
    let current = await fs.promises.stat(linked, { bigint: true }).catch(() => undefined);
    if (!current || current.ino !== before.ino || current.dev !== before.dev) {
      // New, replaced (another inode) or a copy: link it (again).
      if (current) await fs.promises.rm(linked, { force: true });
      try {
        await linkOrCopy(source, linked);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // deleted meanwhile
        throw err;
      }
      current = await fs.promises.stat(linked, { bigint: true });
    }
    const id = identityOf(current);
    let sha256 = current.mtimeNs < limit ? cache.lookup(rel, id) : undefined;
    let after = current;
    if (!sha256) {
      sha256 = await sha256File(linked);
      after = await fs.promises.stat(linked, { bigint: true });
    }
    // Still being written while it was hashed: not part of this snapshot.
    if (after.mtimeNs >= limit || after.size !== before.size) {
      await fs.promises.rm(linked, { force: true });
      return;
    }
    if (sameIdentity(identityOf(after), id)) cache.remember(rel, id, sha256);
    results[i] = { path: rel, size: Number(after.size), sha256 };
  });
  return results.filter((f): f is Manifest['files'][number] => f !== undefined);
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
 *
 * The links stay in `backups/.work` until the next backup (which reuses those still pointing at the stored file), and
 * the SHA-256 of each file is kept with its identity in `backups/hashes.json`: an unchanged file is neither linked
 * nor read again. A stored file deleted after a backup keeps its disk space until the next backup drops its link.
 */
export async function assembleSnapshot(opts: SnapshotOptions): Promise<{ dir: string; manifest: Manifest; filesBefore: number }> {
  const dataDir = path.resolve(opts.dataDir);
  const paths = backupPaths(dataDir);
  const work = paths.work;
  // The previous database copy and manifest go; the previous links are reconciled below.
  await fs.promises.rm(path.join(work, MANIFEST_FILE), { force: true });
  await fs.promises.rm(path.join(work, DATABASE_PREFIX), { recursive: true, force: true });
  await fs.promises.mkdir(path.join(work, DATABASE_PREFIX), { recursive: true });
  await fs.promises.mkdir(path.join(work, FILES_PREFIX), { recursive: true });
  for (const extra of await fs.promises.readdir(work)) {
    if (extra !== DATABASE_PREFIX && extra !== FILES_PREFIX) await fs.promises.rm(path.join(work, extra), { recursive: true, force: true });
  }

  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  const t0 = Date.now();
  const dbRel = databaseCopyPath(kind);
  const dbFile = path.join(work, dbRel);
  let migrations: Promise<string[]>;
  if (kind === 'postgres') {
    const { dumpPostgres } = await import('@/db/dump');
    await dumpPostgres(opts.databaseUrl as string, dbFile);
    migrations = postgresMigrations(opts.databaseUrl as string);
  } else {
    // With the server running, it makes the copy (into this folder); else this process opens the database itself.
    const control = runningServer(paths.control);
    if (control) {
      const copy = await requestDatabase(control);
      const size = (await fs.promises.stat(dbFile).catch(() => undefined))?.size;
      if (size !== copy.size) throw new Error(`Kopie databáze od serveru má ${size ?? 0} B místo ${copy.size} B`);
      migrations = Promise.resolve(copy.migrations);
    } else {
      const folder = path.join(dataDir, DATABASE_FOLDER);
      if (!exists(path.join(folder, 'PG_VERSION'))) throw new Error(`V ${dataDir} není žádná databáze (chybí ${folder})`);
      const { openDb } = await import('@/db/client');
      const handle = await openDb({ url: folder, migrate: false });
      try {
        await handle.dump(dbFile);
        migrations = Promise.resolve(await handle.appliedMigrations());
      } finally {
        await handle.close();
      }
    }
  }
  // Settled either way, so a failure of the files below never leaves it unhandled.
  const migrationsSettled = migrations.then(
    (names) => ({ names }),
    (error: unknown) => ({ error }),
  );
  const dbStat = await fs.promises.stat(dbFile);
  // T1: the copy is complete; files it can reference were complete before this.
  const t1 = Date.now();

  const cache = HashCache.load(paths.hashes);
  const [files, dbSha256] = await Promise.all([snapshotFiles(dataDir, path.join(work, FILES_PREFIX), opts.withVariants, t1, cache), sha256File(dbFile)]);
  const settled = await migrationsSettled;
  if ('error' in settled) throw settled.error;
  await cache.save();
  const totalBytes = files.reduce((sum, f) => sum + f.size, dbStat.size);

  const manifest: Manifest = {
    format: 'svatebni-fotograf-backup',
    version: 1,
    createdAt: new Date(t0).toISOString(),
    app: appInfo(),
    database: { kind, path: dbRel, size: dbStat.size, sha256: dbSha256, migrations: settled.names },
    withVariants: opts.withVariants,
    files,
    totalBytes,
  };
  await fs.promises.writeFile(path.join(work, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
  return { dir: work, manifest, filesBefore: t1 };
}

/** After the snapshot was written out: true when none of its files changed meanwhile (they are hard links). */
export async function snapshotUnchanged(dir: string, manifest: Manifest, filesBefore: number): Promise<boolean> {
  let unchanged = true;
  await forEachLimited(manifest.files, IO_LANES * 2, async (f) => {
    if (!unchanged) return;
    const st = await fs.promises.stat(path.join(dir, FILES_PREFIX, f.path)).catch(() => undefined);
    if (!st || st.size !== f.size || st.mtimeMs >= filesBefore) unchanged = false;
  });
  return unchanged;
}

/**
 * Opens the snapshot's copy of the embedded database in memory (nothing is written) and checks it records the
 * manifest's migrations: proof that the copy is a database this application can start from. The backup runs it
 * while the snapshot is being stored, and reports success only after it passed. A PostgreSQL dump is pg_dump's own.
 */
export async function verifyDatabaseCopy(dir: string, manifest: Manifest): Promise<void> {
  if (manifest.database.kind !== 'pglite') return;
  const { pgliteDumpMigrations } = await import('@/db/dump');
  let names: string[];
  try {
    names = await pgliteDumpMigrations(path.join(dir, manifest.database.path));
  } catch (err) {
    throw new Error(`Kopii databáze nelze otevřít: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (names.join('\n') !== manifest.database.migrations.join('\n')) {
    throw new Error(`Kopie databáze má migrace do ${names.at(-1) ?? '–'}, server hlásil ${manifest.database.migrations.at(-1) ?? '–'}`);
  }
}
