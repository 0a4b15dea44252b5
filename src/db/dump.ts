// Not server-only by import: the backup and restore commands (plain tsx) load it; the app reaches it only from server code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { pgliteOptions } from './client';

/**
 * Whole-database copies, for backups, restores and the copy taken before migrations. The embedded database is
 * copied physically (an online base backup of its data folder as a tar, see dumpPglite: it opens like a database
 * after a power cut, every committed transaction is in it); PostgreSQL through Debian's
 * `pg_dump`/`pg_restore`. A PGlite copy also loads into PostgreSQL (copyPgliteIntoPostgres), table by table.
 */
export { DUMP_FILE, stampForFile, type DumpKind } from './dump-names';

/**
 * The embedded database's folder as a tar, written to `file` (the bytes are small: records, not photos).
 *
 * PGlite is one connection that runs one query at a time. Its own `dumpDataDir` holds that connection while it reads
 * every file of the folder through the WebAssembly file system and builds the whole tar in memory, synchronously:
 * no query runs and the server answers nothing meanwhile, and the folder includes all the write-ahead log PGlite has
 * accumulated (it never checkpoints on its own). Instead this takes PostgreSQL's online base backup: `pg_backup_start`
 * (one fast checkpoint), Debian's `cp` copies the folder in another process while queries keep running,
 * `pg_backup_stop` ends it, then the log written up to that point is copied and `backup_label` added. Opening the copy
 * replays the log from the checkpoint past the backup's end (pages copied mid-write are rewritten from the log):
 * every transaction committed before the copy began — and before it ended — is in it (decision 095).
 */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  if (fs.existsSync(file)) throw new Error(`Soubor ${file} už existuje`);
  const folder = client.dataDir && !client.dataDir.includes('://') ? path.resolve(client.dataDir) : undefined;
  if (!folder) {
    // An in-memory database has no folder to copy.
    await client.query('CHECKPOINT');
    const blob = await client.dumpDataDir('none');
    await pipeline(Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>), fs.createWriteStream(file, { flags: 'wx' }));
    return;
  }
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.pglite-copy-'));
  try {
    const copy = path.join(staging, 'pgdata');
    fs.mkdirSync(copy, { mode: 0o700 });
    const entries = fs.readdirSync(folder).filter((e) => e !== 'pg_wal');
    await client.query(`SELECT pg_backup_start('svatebni-fotograf', true)`);
    let stop: { labelfile: string; walfile: string } | undefined;
    try {
      if (entries.length > 0) await run('cp', ['-a', '--reflink=auto', '--', ...entries.map((e) => path.join(folder, e)), copy], 'Kopie databáze (cp)');
    } finally {
      // Always end the backup (a failed copy too); the session would otherwise refuse the next one.
      stop = (await client.query<{ labelfile: string; walfile: string }>('SELECT s.labelfile, pg_walfile_name(s.lsn) AS walfile FROM pg_backup_stop(false) s')).rows[0];
    }
    if (!stop?.labelfile) throw new Error('Kopie databáze: PostgreSQL nevrátil backup_label');
    await copyBackupWal(path.join(folder, 'pg_wal'), path.join(copy, 'pg_wal'), stop.labelfile, stop.walfile);
    fs.writeFileSync(path.join(copy, 'backup_label'), stop.labelfile);
    // The layout of dumpDataDir's tar (paths relative to the folder; ustar, which PGlite's loadDataDir reads).
    await run('tar', ['--create', '--format=ustar', `--file=${file}`, `--directory=${copy}`, '--', ...fs.readdirSync(copy).sort()], 'Kopie databáze (tar)');
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** A WAL segment's file name: timeline, log and segment number, 8 hex digits each. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * The write-ahead log a base backup needs, copied after pg_backup_stop wrote it: the segments from the one holding
 * the backup's start (named in backup_label) to the one holding its end (`stopWalFile`), the timeline history files,
 * and pg_wal's folders (empty). The other segments are older (before the checkpoint the backup starts from) or
 * recycled ones waiting to be reused; PGlite never removes them on its own, so they are most of the folder.
 */
async function copyBackupWal(from: string, to: string, label: string, stopWalFile: string): Promise<void> {
  const start = /^START WAL LOCATION: [0-9A-F]+\/[0-9A-F]+ \(file ([0-9A-F]{24})\)$/m.exec(label)?.[1];
  if (!start || !WAL_SEGMENT.test(stopWalFile) || stopWalFile < start) {
    throw new Error(`Kopie databáze: neočekávaný začátek nebo konec zálohy v logu (${start ?? '?'} – ${stopWalFile})`);
  }
  fs.mkdirSync(to, { mode: 0o700 });
  const wanted: string[] = [];
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) fs.mkdirSync(path.join(to, e.name), { mode: 0o700 });
    else if ((WAL_SEGMENT.test(e.name) && e.name >= start && e.name <= stopWalFile) || /^[0-9A-F]{8}\.history$/.test(e.name)) wanted.push(e.name);
  }
  const segments = wanted.filter((n) => WAL_SEGMENT.test(n));
  // Within one log file number the segments are consecutive: all of them must be there (across numbers, the ends).
  const sameLog = start.slice(0, 16) === stopWalFile.slice(0, 16);
  const complete = segments.includes(start) && segments.includes(stopWalFile) && (!sameLog || segments.length === parseInt(stopWalFile.slice(16), 16) - parseInt(start.slice(16), 16) + 1);
  if (!complete) throw new Error(`Kopie databáze: v pg_wal chybí segmenty logu mezi ${start} a ${stopWalFile}`);
  await run('cp', ['-a', '--reflink=auto', '--', ...wanted.map((n) => path.join(from, n)), to], 'Kopie databáze (cp pg_wal)');
}

function run(cmd: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.once('error', (err) => reject(new Error(`${what}: ${cmd} nelze spustit (${err.message})`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Krok „${what}“ se nepodařil (${cmd}, kód ${code}): ${stderr.trim()}`))));
  });
}

/** `pg_dump` in its custom format (compressed, restorable table by table). */
export function dumpPostgres(url: string, file: string): Promise<void> {
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], 'Záloha databáze (pg_dump)');
}

/** Replaces the database's objects with the dump's (one transaction: a failure leaves the database as it was). */
export function restorePostgres(url: string, file: string): Promise<void> {
  return run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file],
    'Obnova databáze (pg_restore)',
  );
}

async function readBlob(file: string): Promise<Blob> {
  return new Blob([await fs.promises.readFile(file)]);
}

/** Creates the embedded database folder `dataDir` from a dumpPglite() file. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) throw new Error(`Složka databáze ${dataDir} není prázdná`);
  fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ ...pgliteOptions(dataDir), loadDataDir: await readBlob(file) });
  try {
    await client.query('SELECT 1');
  } finally {
    await client.close();
  }
}

/** The migration names recorded in a dumpPglite() file (opened in memory; nothing is written). */
export async function pgliteDumpMigrations(file: string): Promise<string[]> {
  const client = await PGlite.create({ ...pgliteOptions(), loadDataDir: await readBlob(file) });
  try {
    return (await client.query<{ name: string }>('SELECT name FROM _migrations ORDER BY name')).rows.map((r) => r.name);
  } finally {
    await client.close();
  }
}

interface TableInfo {
  name: string;
  columns: string[];
  dependsOn: string[];
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Tables of the public schema with their copyable columns (no generated ones) and foreign-key parents. */
async function publicTables(client: PGlite): Promise<TableInfo[]> {
  const cols = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const fks = await client.query<{ child: string; parent: string }>(
    `SELECT cl.relname AS child, pr.relname AS parent FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pr ON pr.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`,
  );
  const map = new Map<string, TableInfo>();
  for (const r of cols.rows) {
    const t = map.get(r.table_name) ?? { name: r.table_name, columns: [], dependsOn: [] };
    t.columns.push(r.column_name);
    map.set(r.table_name, t);
  }
  for (const f of fks.rows) map.get(f.child)?.dependsOn.push(f.parent);
  // Parents before children, so every foreign key holds while rows arrive.
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: TableInfo) => {
    if (state.get(t.name) === 'done') return;
    if (state.get(t.name) === 'visiting') throw new Error(`Tabulky ${t.name} tvoří kruh cizích klíčů`);
    state.set(t.name, 'visiting');
    for (const p of t.dependsOn) {
      const parent = map.get(p);
      if (parent) visit(parent);
    }
    state.set(t.name, 'done');
    ordered.push(t);
  };
  for (const t of [...map.values()].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return ordered;
}

/**
 * Loads a PGlite copy into PostgreSQL, replacing the rows of every table: the target has been migrated to the same
 * level (same app version); whether it may be overwritten is the caller's decision. One transaction: a failure
 * leaves the target as it was.
 * Rows travel in PostgreSQL's own COPY text format, so every type arrives exactly as stored.
 */
export async function copyPgliteIntoPostgres(file: string, url: string): Promise<{ tables: number; rows: number }> {
  const source = await PGlite.create({ ...pgliteOptions(), loadDataDir: await readBlob(file) });
  const target = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const tables = (await publicTables(source)).filter((t) => t.name !== '_migrations');
    const sourceMigrations = (await source.query<{ name: string }>('SELECT name FROM _migrations ORDER BY name')).rows.map((r) => r.name);
    const targetMigrations = (await target<{ name: string }[]>`SELECT name FROM _migrations ORDER BY name`).map((r) => r.name);
    if (sourceMigrations.join('\n') !== targetMigrations.join('\n')) {
      throw new Error(
        `Záloha je na úrovni migrace ${sourceMigrations.at(-1) ?? '(žádná)'}, cílová databáze na ${targetMigrations.at(-1) ?? '(žádná)'}: obnovujte stejnou verzí aplikace, jakou byla záloha pořízena`,
      );
    }
    let rows = 0;
    await target.begin(async (tx) => {
      // The migrations' own seed rows are in the copy too: start from empty tables.
      if (tables.length) await tx.unsafe(`TRUNCATE ${tables.map((t) => ident(t.name)).join(', ')} RESTART IDENTITY CASCADE`);
      for (const t of tables) {
        const columns = t.columns.map(ident).join(', ');
        const out = await source.query(`COPY ${ident(t.name)} (${columns}) TO '/dev/blob'`);
        const blob = out.blob;
        if (!blob || blob.size === 0) continue;
        const writable = await tx.unsafe(`COPY ${ident(t.name)} (${columns}) FROM STDIN`).writable();
        await pipeline(Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>), writable);
        const [{ n }] = await tx.unsafe<{ n: string }[]>(`SELECT count(*)::text AS n FROM ${ident(t.name)}`);
        rows += Number(n);
      }
      // Serial and identity columns continue after the copied rows.
      const seqs = await tx.unsafe<{ tbl: string; col: string; seq: string }[]>(
        `SELECT c.table_name AS tbl, c.column_name AS col, pg_get_serial_sequence(format('%I', c.table_name), c.column_name) AS seq
           FROM information_schema.columns c WHERE c.table_schema = 'public'
            AND pg_get_serial_sequence(format('%I', c.table_name), c.column_name) IS NOT NULL`,
      );
      for (const s of seqs) {
        await tx.unsafe(
          `SELECT setval('${s.seq.replace(/'/g, "''")}', COALESCE((SELECT max(${ident(s.col)}) FROM ${ident(s.tbl)}), 0) + 1, false)`,
        );
      }
    });
    return { tables: tables.length, rows };
  } finally {
    await target.end({ timeout: 5 });
    await source.close();
  }
}

export function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return path.resolve(dir);
}
