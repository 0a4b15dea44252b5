// Not server-only by import: `npm run restore` (plain tsx) runs it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import tar from 'tar-stream';
import { liveControl } from './control';
import { flushFileSystem, syncPath } from './durable';
import { forEachLimited, sha256File } from './hash';
import { DATABASE_FOLDER, backupPaths } from './layout';
import { FILES_PREFIX, MANIFEST_FILE, manifestSchema, type Manifest } from './manifest';
import { restoreFromRepository, type ResticTarget } from './restic';
import { runTool } from './tools';

/**
 * The database modules load PGlite and drizzle (≈ 1 s of start-up): loaded only when this restore needs them (into
 * PostgreSQL, or --before-upgrade).
 */
const dump = () => import('@/db/dump');

/** Refusals that need the user to act (exit code 2 in the command); everything else is a failure (exit 1). */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreOptions {
  /** An archive file, or with a repository a restic snapshot id (or `latest`). */
  source: string;
  dataDir: string;
  /** postgres://… to restore the database into PostgreSQL; otherwise into DATA_DIR/pglite. */
  databaseUrl?: string;
  force: boolean;
  repository?: ResticTarget;
}

export interface RestoreResult {
  manifest: Manifest;
  dataDir: string;
  /** Where the previous content of a non-empty data folder was moved (with --force). */
  movedAside?: string;
  database: string;
}

function refuseLiveServer(dataDir: string): void {
  const live = liveControl(backupPaths(dataDir).control);
  if (live) throw new RestoreRefused(`Ve složce ${dataDir} právě běží server (proces ${live.pid}); nejdřív jej zastavte`);
}

async function listFiles(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, child)));
    else out.push(child);
  }
  return out;
}

function parseManifest(raw: unknown): Manifest {
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreRefused('Záloha je poškozená: manifest.json nemá očekávaný tvar');
  return parsed.data;
}

/** Archive path → its size and SHA-256, for every file the manifest lists (the database copy included). */
function expectedFiles(manifest: Manifest): Map<string, { size: number; sha256: string }> {
  return new Map<string, { size: number; sha256: string }>([
    [manifest.database.path, manifest.database],
    ...manifest.files.map((f) => [`${FILES_PREFIX}/${f.path}`, f] as const),
  ]);
}

/** Every byte of the unpacked backup against its manifest: nothing missing, nothing extra, every SHA-256 equal. */
export async function verifyUnpacked(dir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.promises.readFile(path.join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new RestoreRefused('Záloha je poškozená nebo neúplná: chybí čitelný manifest.json');
  }
  const manifest = parseManifest(raw);
  const expected = expectedFiles(manifest);
  const present = (await listFiles(dir)).filter((f) => f !== MANIFEST_FILE);
  for (const f of present) if (!expected.has(f)) throw new RestoreRefused(`Záloha je poškozená: soubor ${f} v ní nemá být`);
  await forEachLimited([...expected], VERIFY_LANES, async ([rel, want]) => {
    const file = path.join(dir, rel);
    const st = await fs.promises.stat(file).catch(() => undefined);
    if (!st) throw new RestoreRefused(`Záloha je neúplná: chybí ${rel}`);
    if (st.size !== want.size) throw new RestoreRefused(`Záloha je poškozená: ${rel} má ${st.size} B místo ${want.size} B`);
    if ((await sha256File(file)) !== want.sha256) throw new RestoreRefused(`Záloha je poškozená: kontrolní součet ${rel} nesouhlasí`);
  });
  return manifest;
}

/** Files verified at once (the read of one overlaps the hashing of another). */
const VERIFY_LANES = 4;
/** Bytes handed to the disk but not yet written, at most: beyond it, reading the archive waits. */
const WRITE_BACKLOG = 64 * 1024 * 1024;
/** manifest.json is read into memory: far above any real one (≈ 150 B per file). */
const MANIFEST_MAX = 256 * 1024 * 1024;

async function writeAll(fh: fs.promises.FileHandle, chunk: Buffer): Promise<void> {
  for (let off = 0; off < chunk.length; ) off += (await fh.write(chunk, off, chunk.length - off)).bytesWritten;
}

/**
 * Unpacks an archive file and verifies it in the same pass: each member's bytes are hashed as they are written, not
 * read back afterwards. The manifest comes first (the backup writes it first); every later member must be a file it
 * lists, of its size, with its SHA-256, and nothing it lists may be missing. Only regular files (and hard links to a
 * file already unpacked, as GNU tar stores two paths of one stored file) are written, at the manifest's validated
 * paths: the database copy under `into.backup`, the stored files (without the `files/` prefix) under `into.data`.
 * Any mismatch, a truncated or damaged tar, throws RestoreRefused; the caller removes both folders.
 *
 * Writes go to the thread pool while the next bytes are parsed and hashed on the main thread, several files in
 * flight (at most WRITE_BACKLOG bytes not yet written). No file is fsynced here: the caller puts the whole verified
 * folder on the disk with one syncfs before it renames it into place (docs/decisions/104).
 */
export async function extractVerified(
  file: string,
  into: { backup: string; data: string },
  onVerified?: (manifest: Manifest, name: string, written: Promise<void>) => void,
): Promise<Manifest> {
  const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const extract = tar.extract();
  source.once('error', (err) => extract.destroy(err));
  source.pipe(extract);

  let manifest: Manifest | undefined;
  let expected = new Map<string, { size: number; sha256: string }>();
  const done = new Map<string, string>();
  const made = new Set<string>();
  const pending: Promise<void>[] = [];
  const inFlight: { promise: Promise<void>; bytes: number }[] = [];
  let backlog = 0;
  const destination = (name: string) => (name.startsWith(`${FILES_PREFIX}/`) ? path.join(into.data, name.slice(FILES_PREFIX.length + 1)) : path.join(into.backup, name));
  const folder = async (dir: string) => {
    if (made.has(dir)) return;
    await fs.promises.mkdir(dir, { recursive: true });
    made.add(dir);
  };
  const track = (promise: Promise<void>, bytes: number) => {
    // Awaited at the end; the no-op handler only keeps an early failure from counting as unhandled meanwhile.
    promise.catch(() => undefined);
    pending.push(promise);
    if (bytes === 0) return;
    inFlight.push({ promise, bytes });
    backlog += bytes;
  };
  const settleBacklog = async () => {
    while (backlog > WRITE_BACKLOG && inFlight.length) {
      const oldest = inFlight.shift() as { promise: Promise<void>; bytes: number };
      await oldest.promise;
      backlog -= oldest.bytes;
    }
  };

  try {
    for await (const entry of extract) {
      const h = entry.header;
      const name = h.name.replace(/\/+$/, '');
      if (!manifest) {
        if (name !== MANIFEST_FILE || h.type !== 'file' || h.size > MANIFEST_MAX) throw new RestoreRefused('Záloha je poškozená nebo neúplná: chybí čitelný manifest.json');
        const parts: Buffer[] = [];
        for await (const chunk of entry) parts.push(chunk as Buffer);
        let raw: unknown;
        try {
          raw = JSON.parse(Buffer.concat(parts).toString('utf8'));
        } catch {
          throw new RestoreRefused('Záloha je poškozená nebo neúplná: chybí čitelný manifest.json');
        }
        manifest = parseManifest(raw);
        expected = expectedFiles(manifest);
        continue;
      }
      if (h.type === 'directory') {
        entry.resume();
        continue;
      }
      const want = expected.get(name);
      if (!want || done.has(name) || (h.type !== 'file' && h.type !== 'contiguous-file' && h.type !== 'link')) {
        throw new RestoreRefused(`Záloha je poškozená: soubor ${name} v ní nemá být`);
      }
      const dest = destination(name);
      await folder(path.dirname(dest));
      if (h.type === 'link') {
        // A second path of a file already unpacked (and verified): the same bytes.
        const target = h.linkname?.replace(/\/+$/, '') ?? '';
        const targetSha = done.get(target);
        if (targetSha === undefined || targetSha !== want.sha256 || expected.get(target)?.size !== want.size) {
          throw new RestoreRefused(`Záloha je poškozená: kontrolní součet ${name} nesouhlasí`);
        }
        entry.resume();
        const linkTarget = destination(target);
        // Its file must be complete before a second path to it exists.
        await Promise.all(pending);
        await fs.promises.link(linkTarget, dest);
        done.set(name, want.sha256);
        continue;
      }
      if (h.size !== want.size) throw new RestoreRefused(`Záloha je poškozená: ${name} má ${h.size} B místo ${want.size} B`);
      const hash = createHash('sha256');
      let written: Promise<void> = Promise.resolve();
      const opened = fs.promises.open(dest, 'wx');
      opened.catch(() => undefined);
      let writes: Promise<void> = opened.then(() => undefined);
      try {
        for await (const chunk of entry) {
          const bytes = chunk as Buffer;
          hash.update(bytes);
          writes = writes.then(async () => writeAll(await opened, bytes));
          track(writes, bytes.length);
          await settleBacklog();
        }
      } finally {
        const mtime = h.mtime ?? new Date();
        // Closed after its last write, also when a write or the archive failed.
        const closed = (async () => {
          const fh = await opened;
          try {
            await writes;
            await fh.utimes(mtime, mtime);
          } finally {
            await fh.close();
          }
        })();
        track(closed, 0);
        written = closed;
      }
      if (hash.digest('hex') !== want.sha256) throw new RestoreRefused(`Záloha je poškozená: kontrolní součet ${name} nesouhlasí`);
      done.set(name, want.sha256);
      onVerified?.(manifest, name, written);
    }
  } finally {
    source.destroy();
    // Nothing may still write into the folders the caller is about to rename or remove.
    await Promise.allSettled(pending);
  }
  if (!manifest) throw new RestoreRefused('Záloha je poškozená nebo neúplná: chybí čitelný manifest.json');
  for (const rel of expected.keys()) if (!done.has(rel)) throw new RestoreRefused(`Záloha je neúplná: chybí ${rel}`);
  await Promise.all(pending);
  return manifest;
}

/**
 * The embedded database from its verified copy: the copy is a tar of the database folder taken as an online base
 * backup (decision 095), so the folder is that tar unpacked (GNU tar, as PGlite's own loadDataDir would, without
 * loading 60+ MB into a WebAssembly file system first). PostgreSQL's recovery from the copy's backup_label runs when
 * the server first opens it. That the copy opens as a database was proven when the backup was taken (the backup opens
 * it to read its migrations), and its SHA-256 proves these are the same bytes.
 */
async function unpackPglite(file: string, folder: string): Promise<void> {
  await fs.promises.mkdir(folder, { recursive: true });
  await runTool('tar', ['--extract', '--file', file, '--directory', folder, '--no-same-owner', '--no-same-permissions'], 'Obnova databáze (tar)');
}

async function postgresHasData(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`;
    return (row?.n ?? 0) > 0;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Restores a backup into `dataDir`, which must be empty or missing (a non-empty one only with `force`: its content
 * is then moved aside, never deleted). The backup is unpacked next to the target and every checksum verified
 * before anything is touched; a damaged or truncated backup leaves the target exactly as it was.
 */
export async function runRestore(opts: RestoreOptions): Promise<RestoreResult> {
  const target = path.resolve(opts.dataDir);
  refuseLiveServer(target);
  const nonEmpty = fs.existsSync(target) && fs.readdirSync(target).length > 0;
  if (nonEmpty && !opts.force) {
    throw new RestoreRefused(`Složka ${target} není prázdná; obnova ji nepřepíše (s --force se dosavadní obsah přesune stranou)`);
  }
  const isFile = fs.existsSync(opts.source) && fs.statSync(opts.source).isFile();
  if (!isFile && !opts.repository) throw new RestoreRefused(`Soubor zálohy ${opts.source} neexistuje (a BACKUP_REPOSITORY není nastaveno)`);

  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(`${target}.restore-`);
  const unpacked = path.join(staging, 'backup');
  const postgresUrl = opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl) ? opts.databaseUrl : undefined;
  let pgliteRestore: Promise<void> | undefined;
  // The new data folder, assembled beside the target (same disk: the final step is a rename).
  const fresh = path.join(staging, 'data');
  fs.mkdirSync(unpacked);
  try {
    let manifest: Manifest;
    try {
      if (isFile) {
        fs.mkdirSync(fresh);
        manifest = await extractVerified(opts.source, { backup: unpacked, data: fresh }, (m, name, written) => {
          // The database copy comes right after the manifest: unpacked (another process) while the stored files are
          // still being unpacked and verified.
          if (name !== m.database.path || m.database.kind !== 'pglite' || postgresUrl) return;
          pgliteRestore = written.then(() => unpackPglite(path.join(unpacked, name), path.join(fresh, DATABASE_FOLDER)));
          pgliteRestore.catch(() => undefined);
        });
      } else {
        await restoreFromRepository(opts.repository as ResticTarget, opts.source, unpacked);
        manifest = await verifyUnpacked(unpacked);
        const filesDir = path.join(unpacked, FILES_PREFIX);
        if (fs.existsSync(filesDir)) fs.renameSync(filesDir, fresh);
        else fs.mkdirSync(fresh);
      }
    } catch (err) {
      if (err instanceof RestoreRefused) throw err;
      // The disk of the target (full, not writable) is not the backup's fault.
      if (typeof (err as NodeJS.ErrnoException).code === 'string' && (err as NodeJS.ErrnoException).syscall) {
        throw new Error(`Zálohu nelze zapsat do ${path.dirname(target)}: ${(err as Error).message}`, { cause: err });
      }
      throw new RestoreRefused(`Zálohu nelze rozbalit, je poškozená nebo neúplná: ${err instanceof Error ? err.message : String(err)}`);
    }
    const dbFile = path.join(unpacked, manifest.database.path);
    if (manifest.database.kind === 'postgres' && !postgresUrl) {
      throw new RestoreRefused('Záloha pochází z PostgreSQL: obnovte ji do PostgreSQL (nastavte DATABASE_URL)');
    }

    let database: string;
    if (!postgresUrl) {
      if (pgliteRestore) await pgliteRestore;
      else await unpackPglite(dbFile, path.join(fresh, DATABASE_FOLDER));
      database = `PGlite (${path.join(target, DATABASE_FOLDER)})`;
    } else {
      if (!opts.force && (await postgresHasData(postgresUrl))) {
        throw new RestoreRefused('Cílová databáze PostgreSQL není prázdná; obnova ji nepřepíše bez --force');
      }
      if (manifest.database.kind === 'postgres') {
        await (await dump()).restorePostgres(postgresUrl, dbFile);
      } else {
        // Same schema as the backup: this version's migrations, then the rows.
        const { openDb } = await import('@/db/client');
        const handle = await openDb({ url: postgresUrl, max: 1 });
        await handle.close();
        await (await dump()).copyPgliteIntoPostgres(dbFile, postgresUrl);
      }
      database = 'PostgreSQL (DATABASE_URL)';
    }

    // Verified bytes may still be only in the page cache: on the disk first, then moved into place (and that move
    // on the disk too), so a power cut after "hotovo" cannot leave the restored folder with empty or missing files.
    await flushFileSystem(fresh);
    let movedAside: string | undefined;
    if (fs.existsSync(target)) {
      if (nonEmpty) {
        movedAside = `${target}.before-restore-${(await dump()).stampForFile()}`;
        fs.renameSync(target, movedAside);
      } else {
        fs.rmdirSync(target);
      }
    }
    fs.renameSync(fresh, target);
    syncPath(path.dirname(target));
    return { manifest, dataDir: target, movedAside, database };
  } finally {
    // A database still being unpacked into the staging folder finishes before the folder goes.
    await pgliteRestore?.catch(() => undefined);
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The newest copy taken before migrations (src/db/db.server.ts writes them). */
export function newestBeforeUpgrade(dataDir: string): string | undefined {
  const dir = path.join(backupPaths(dataDir).root, 'before-upgrade');
  if (!fs.existsSync(dir)) return undefined;
  const files = fs.readdirSync(dir).filter((f) => !f.startsWith('.')).sort();
  return files.length ? path.join(dir, files[files.length - 1]) : undefined;
}

/**
 * `npm run restore -- --before-upgrade`: puts the database back to the copy taken before the last migrations ran.
 * PGlite: the current database folder is moved aside (kept), the copy becomes DATA_DIR/pglite. PostgreSQL:
 * pg_restore --clean in one transaction. Stored files are not touched (migrations do not change them).
 */
export async function restoreBeforeUpgrade(opts: { dataDir: string; databaseUrl?: string }): Promise<{ file: string; movedAside?: string }> {
  const dataDir = path.resolve(opts.dataDir);
  refuseLiveServer(dataDir);
  const file = newestBeforeUpgrade(dataDir);
  if (!file) throw new RestoreRefused(`V ${dataDir} není žádná záloha pořízená před aktualizací`);
  const postgresUrl = opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl) ? opts.databaseUrl : undefined;
  if (file.endsWith('postgres.dump')) {
    if (!postgresUrl) throw new RestoreRefused('Záloha před aktualizací pochází z PostgreSQL: nastavte DATABASE_URL');
    await (await dump()).restorePostgres(postgresUrl, file);
    return { file };
  }
  if (postgresUrl) throw new RestoreRefused('Záloha před aktualizací pochází z vestavěné databáze; spusťte obnovu bez DATABASE_URL');
  const folder = path.join(dataDir, DATABASE_FOLDER);
  const staging = `${folder}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const { restorePglite, stampForFile } = await dump();
  await restorePglite(file, staging);
  await flushFileSystem(staging);
  let movedAside: string | undefined;
  if (fs.existsSync(folder)) {
    movedAside = path.join(backupPaths(dataDir).root, `pglite-before-restore-${stampForFile()}`);
    fs.renameSync(folder, movedAside);
  }
  fs.renameSync(staging, folder);
  syncPath(dataDir);
  return { file, movedAside };
}
