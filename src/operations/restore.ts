// Not server-only by import: `npm run restore` (plain tsx) runs it.
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { openDb } from '@/db/client';
import { copyPgliteIntoPostgres, restorePglite, restorePostgres, stampForFile } from '@/db/dump';
import { extractArchive } from './archive';
import { liveControl } from './control';
import { sha256File } from './hash';
import { DATABASE_FOLDER, backupPaths } from './layout';
import { FILES_PREFIX, MANIFEST_FILE, manifestSchema, type Manifest } from './manifest';
import { restoreFromRepository, type ResticTarget } from './restic';

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

/** Every byte of the unpacked backup against its manifest: nothing missing, nothing extra, every SHA-256 equal. */
export async function verifyUnpacked(dir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.promises.readFile(path.join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new RestoreRefused('Záloha je poškozená nebo neúplná: chybí čitelný manifest.json');
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreRefused('Záloha je poškozená: manifest.json nemá očekávaný tvar');
  const manifest = parsed.data;
  const expected = new Map<string, { size: number; sha256: string }>([
    [manifest.database.path, manifest.database],
    ...manifest.files.map((f) => [`${FILES_PREFIX}/${f.path}`, f] as const),
  ]);
  const present = (await listFiles(dir)).filter((f) => f !== MANIFEST_FILE);
  for (const f of present) if (!expected.has(f)) throw new RestoreRefused(`Záloha je poškozená: soubor ${f} v ní nemá být`);
  for (const [rel, want] of expected) {
    const file = path.join(dir, rel);
    const st = await fs.promises.stat(file).catch(() => undefined);
    if (!st) throw new RestoreRefused(`Záloha je neúplná: chybí ${rel}`);
    if (st.size !== want.size) throw new RestoreRefused(`Záloha je poškozená: ${rel} má ${st.size} B místo ${want.size} B`);
    if ((await sha256File(file)) !== want.sha256) throw new RestoreRefused(`Záloha je poškozená: kontrolní součet ${rel} nesouhlasí`);
  }
  return manifest;
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
  fs.mkdirSync(unpacked);
  try {
    try {
      if (isFile) await extractArchive(opts.source, unpacked);
      else await restoreFromRepository(opts.repository as ResticTarget, opts.source, unpacked);
    } catch (err) {
      throw new RestoreRefused(`Zálohu nelze rozbalit, je poškozená nebo neúplná: ${err instanceof Error ? err.message : String(err)}`);
    }
    const manifest = await verifyUnpacked(unpacked);
    const dbFile = path.join(unpacked, manifest.database.path);
    const postgresUrl = opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl) ? opts.databaseUrl : undefined;
    if (manifest.database.kind === 'postgres' && !postgresUrl) {
      throw new RestoreRefused('Záloha pochází z PostgreSQL: obnovte ji do PostgreSQL (nastavte DATABASE_URL)');
    }

    // The new data folder, assembled beside the target (same disk: the final step is a rename).
    const fresh = path.join(staging, 'data');
    const filesDir = path.join(unpacked, FILES_PREFIX);
    if (fs.existsSync(filesDir)) fs.renameSync(filesDir, fresh);
    else fs.mkdirSync(fresh);

    let database: string;
    if (!postgresUrl) {
      await restorePglite(dbFile, path.join(fresh, DATABASE_FOLDER));
      database = `PGlite (${path.join(target, DATABASE_FOLDER)})`;
    } else {
      if (!opts.force && (await postgresHasData(postgresUrl))) {
        throw new RestoreRefused('Cílová databáze PostgreSQL není prázdná; obnova ji nepřepíše bez --force');
      }
      if (manifest.database.kind === 'postgres') {
        await restorePostgres(postgresUrl, dbFile);
      } else {
        // Same schema as the backup: this version's migrations, then the rows.
        const handle = await openDb({ url: postgresUrl, max: 1 });
        await handle.close();
        await copyPgliteIntoPostgres(dbFile, postgresUrl);
      }
      database = 'PostgreSQL (DATABASE_URL)';
    }

    let movedAside: string | undefined;
    if (fs.existsSync(target)) {
      if (nonEmpty) {
        movedAside = `${target}.before-restore-${stampForFile()}`;
        fs.renameSync(target, movedAside);
      } else {
        fs.rmdirSync(target);
      }
    }
    fs.renameSync(fresh, target);
    return { manifest, dataDir: target, movedAside, database };
  } finally {
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
    await restorePostgres(postgresUrl, file);
    return { file };
  }
  if (postgresUrl) throw new RestoreRefused('Záloha před aktualizací pochází z vestavěné databáze; spusťte obnovu bez DATABASE_URL');
  const folder = path.join(dataDir, DATABASE_FOLDER);
  const staging = `${folder}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await restorePglite(file, staging);
  let movedAside: string | undefined;
  if (fs.existsSync(folder)) {
    movedAside = path.join(backupPaths(dataDir).root, `pglite-before-restore-${stampForFile()}`);
    fs.renameSync(folder, movedAside);
  }
  fs.renameSync(staging, folder);
  return { file, movedAside };
}
