import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@/db/client';
import { runBackup } from '@/operations/backup';
import { acquireLock } from '@/operations/lock';
import { RestoreRefused, restoreBeforeUpgrade, runRestore } from '@/operations/restore';
import { readStatus } from '@/operations/status';
import { backupPaths } from '@/operations/layout';
import { hasPostgres } from '@tests/support/test-db';
import { expectRestoreRefusedUntouched } from '@tests/support/restore-refusal';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let tmp: string;
let dataDir: string;
const photo = Buffer.alloc(300_000, 7);

async function rowsIn(dir: string): Promise<string[]> {
  const h = await openDb({ url: path.join(dir, 'pglite'), migrate: false });
  try {
    const res = (await h.db.execute('SELECT value FROM app_settings ORDER BY key' as never)) as unknown as { rows: { value: string }[] };
    return res.rows.map((r) => r.value);
  } finally {
    await h.close();
  }
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-'));
  dataDir = path.join(tmp, 'data');
  const h = await openDb({ url: path.join(dataDir, 'pglite') });
  await h.exec(`INSERT INTO app_settings (key, value) VALUES ('a', 'první'), ('b', 'druhý')`);
  await h.exec(`INSERT INTO mail_outbox (to_address, subject, text) VALUES ('anna@example.cz', 'Poptávka', 'Dobrý den')`);
  await h.close();
  fs.mkdirSync(path.join(dataDir, 'uploads/studio/originals'), { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'uploads/studio/variants/p1'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads/studio/originals/p1'), photo);
  fs.writeFileSync(path.join(dataDir, 'uploads/studio/variants/p1/384.webp'), 'variant');
  fs.writeFileSync(path.join(dataDir, 'latest-build.json'), '{"id":"x"}');
}, 300_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('backup and restore (archive, embedded database, server stopped)', () => {
  let archive: string;

  it('npm run backup -- --out FILE writes the archive, prints its path and records the status', async () => {
    archive = path.join(tmp, 'out', 'backup.tar');
    const { stdout } = await run('npx', ['tsx', 'scripts/backup.ts', '--out', archive], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
    expect(stdout.trim()).toBe(archive);
    const listing = (await run('tar', ['-tf', archive])).stdout.split('\n');
    expect(listing[0]).toBe('manifest.json');
    expect(listing).toContain('database/pglite.tar');
    expect(listing).toContain('files/uploads/studio/originals/p1');
    expect(listing).toContain('files/latest-build.json');
    // Variants are reproducible: left out by default. Neither the database folder nor backups/ is copied as files.
    expect(listing.some((l) => l.includes('variants'))).toBe(false);
    expect(listing.some((l) => l.startsWith('files/pglite') || l.startsWith('files/backups'))).toBe(false);
    const status = readStatus(backupPaths(dataDir).status);
    expect(status.lastAttempt?.ok).toBe(true);
    expect(status.lastSuccess?.location).toBe(archive);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
  }, 300_000);

  it('restores into an empty folder with every file and row, verified', async () => {
    const target = path.join(tmp, 'restored');
    const r = await runRestore({ source: archive, dataDir: target, force: false });
    expect(r.manifest.files.map((f) => f.path).sort()).toEqual(['latest-build.json', 'uploads/studio/originals/p1']);
    expect(fs.readFileSync(path.join(target, 'uploads/studio/originals/p1')).equals(photo)).toBe(true);
    expect(await rowsIn(target)).toEqual(['první', 'druhý']);
    expect(fs.readdirSync(path.dirname(target)).filter((f) => f.includes('.restore-'))).toEqual([]);
  }, 300_000);

  it('puts the restored files on the disk before it moves them into place', async () => {
    // A `sync` ahead of coreutils' on PATH notes what it was asked to flush and whether the target existed yet.
    const bin = path.join(tmp, 'bin');
    const calls = path.join(tmp, 'sync-calls.txt');
    const target = path.join(tmp, 'restored-on-disk');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'sync'), `#!/bin/sh\nif [ -e '${target}' ]; then t=present; else t=absent; fi\necho "$* target-$t" >> '${calls}'\nexec /bin/sync "$@"\n`, { mode: 0o755 });
    const pathBefore = process.env.PATH;
    process.env.PATH = `${bin}:${pathBefore ?? ''}`;
    try {
      await runRestore({ source: archive, dataDir: target, force: false });
    } finally {
      process.env.PATH = pathBefore;
    }
    const lines = fs.readFileSync(calls, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    const [flag, dir, when] = lines[0]!.split(' ');
    expect(flag).toBe('--file-system');
    expect(path.dirname(path.dirname(dir!))).toBe(tmp);
    expect(path.basename(path.dirname(dir!))).toMatch(/^restored-on-disk\.restore-/);
    expect(when).toBe('target-absent');
    expect(fs.readFileSync(path.join(target, 'uploads/studio/originals/p1')).equals(photo)).toBe(true);
  }, 300_000);

  it('--with-variants adds the variant folders', async () => {
    const r = await runBackup({ dataDir, withVariants: true, out: path.join(tmp, 'out', 'with-variants.tar') });
    expect(r.manifest.files.map((f) => f.path)).toContain('uploads/studio/variants/p1/384.webp');
  }, 300_000);

  it('refuses a non-empty folder without --force; with --force moves its content aside', async () => {
    const target = path.join(tmp, 'busy');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'keep.txt'), 'mine');
    await expect(runRestore({ source: archive, dataDir: target, force: false })).rejects.toThrow(/není prázdná/);
    expect(fs.readdirSync(target)).toEqual(['keep.txt']);
    const cli = await run('npx', ['tsx', 'scripts/restore.ts', archive, '--data-dir', target], { cwd: root }).catch((e: { code: number; stderr: string }) => e);
    expect(cli).toMatchObject({ code: 2 });
    expect((cli as { stderr: string }).stderr).toContain('Obnova odmítnuta');
    const r = await runRestore({ source: archive, dataDir: target, force: true });
    expect(r.movedAside && fs.readFileSync(path.join(r.movedAside, 'keep.txt'), 'utf8')).toBe('mine');
    expect(await rowsIn(target)).toEqual(['první', 'druhý']);
  }, 300_000);

  it('refuses a corrupted or a truncated archive before touching the target', async () => {
    const bytes = fs.readFileSync(archive);
    const at = bytes.indexOf(photo.subarray(0, 512));
    expect(at).toBeGreaterThan(0);
    const corrupted = Buffer.from(bytes);
    corrupted[at + 1000] ^= 0xff;
    const bad = path.join(tmp, 'corrupted.tar');
    fs.writeFileSync(bad, corrupted);
    const truncated = path.join(tmp, 'truncated.tar');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    for (const [file, message] of [
      [bad, /kontrolní součet files\/uploads\/studio\/originals\/p1 nesouhlasí/],
      [truncated, /poškozená nebo neúplná/],
    ] as const) {
      await expectRestoreRefusedUntouched(file, tmp, message);
    }
  }, 300_000);

  it('a backup killed mid-way leaves no lock that blocks the next one', async () => {
    const paths = backupPaths(dataDir);
    // The lock of a process that no longer exists, as kill -9 leaves it, and its half-built snapshot.
    const dead = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(paths.lock, dead.stdout);
    fs.mkdirSync(path.join(paths.work, 'files'), { recursive: true });
    fs.writeFileSync(path.join(paths.work, 'files', 'stale'), 'x');
    const r = await runBackup({ dataDir, withVariants: false, out: path.join(tmp, 'out', 'after-kill.tar') });
    expect(r.manifest.files.map((f) => f.path)).not.toContain('stale');
    expect(fs.existsSync(paths.lock)).toBe(false);
    // A live owner is respected.
    const release = acquireLock(paths.lock);
    fs.writeFileSync(paths.lock, String(process.ppid));
    await expect(runBackup({ dataDir, withVariants: false, out: path.join(tmp, 'out', 'busy.tar') })).rejects.toThrow(/Jiná záloha právě běží/);
    release();
  }, 300_000);

  it('a target that cannot be written fails loudly and is recorded as a failure, with nothing left behind', async () => {
    const blocked = path.join(tmp, 'not-a-dir');
    fs.writeFileSync(blocked, 'file, not a folder');
    await expect(runBackup({ dataDir, withVariants: false, out: path.join(blocked, 'x.tar') })).rejects.toThrow();
    const status = readStatus(backupPaths(dataDir).status);
    expect(status.lastAttempt?.ok).toBe(false);
    expect(status.lastSuccess?.location).not.toContain('not-a-dir');
    expect(fs.existsSync(backupPaths(dataDir).work)).toBe(false);
  }, 300_000);
});

describe('restic repository', () => {
  it('backs up into a new repository, twice (incremental), and restores the latest snapshot', async () => {
    const repository = { repository: path.join(tmp, 'restic-repo'), password: 'heslo-k-zaloham' };
    const first = await runBackup({ dataDir, withVariants: false, repository, retention: true });
    expect(first.location).toMatch(/snímek [0-9a-f]{8}/);
    fs.writeFileSync(path.join(dataDir, 'uploads/studio/originals/p2'), Buffer.alloc(1000, 3));
    await new Promise((r) => setTimeout(r, 5));
    await runBackup({ dataDir, withVariants: false, repository, retention: true });
    const target = path.join(tmp, 'from-restic');
    const r = await runRestore({ source: 'latest', dataDir: target, force: false, repository });
    expect(r.manifest.files.map((f) => f.path)).toContain('uploads/studio/originals/p2');
    expect(fs.readFileSync(path.join(target, 'uploads/studio/originals/p1')).equals(photo)).toBe(true);
    expect(await rowsIn(target)).toEqual(['první', 'druhý']);
    const wrong = await runRestore({ source: 'latest', dataDir: path.join(tmp, 'wrong-pass'), force: false, repository: { ...repository, password: 'jiné' } }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(RestoreRefused);
    expect(fs.existsSync(path.join(tmp, 'wrong-pass'))).toBe(false);
  }, 300_000);
});

describe.runIf(hasPostgres)('into PostgreSQL', () => {
  it('a PGlite backup restores into an empty PostgreSQL database (rows, sequences) and refuses a non-empty one', async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `ops_${Date.now().toString(36)}`;
    const admin = await openDb({ url: base, migrate: false, max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const archive = path.join(tmp, 'out', 'backup.tar');
      const target = path.join(tmp, 'pg-files');
      await runRestore({ source: archive, dataDir: target, databaseUrl: url.toString(), force: false });
      expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
      expect(fs.readFileSync(path.join(target, 'uploads/studio/originals/p1')).equals(photo)).toBe(true);
      const h = await openDb({ url: url.toString(), max: 1 });
      try {
        const rows = (await h.db.execute('SELECT value FROM app_settings ORDER BY key' as never)) as unknown as { value: string }[];
        expect(rows.map((r) => r.value)).toEqual(['první', 'druhý']);
        await h.exec(`INSERT INTO mail_outbox (to_address, subject, text) VALUES ('b@example.cz', 'Další', 'x')`);
        const ids = (await h.db.execute('SELECT id FROM mail_outbox ORDER BY id' as never)) as unknown as { id: number }[];
        expect(ids.map((r) => r.id)).toEqual([1, 2]);
      } finally {
        await h.close();
      }
      const again = await runRestore({ source: archive, dataDir: path.join(tmp, 'pg-files-2'), databaseUrl: url.toString(), force: false }).catch((e: unknown) => e);
      expect((again as Error).message).toMatch(/není prázdná/);
    } finally {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  }, 300_000);
});

describe('safe upgrades', () => {
  it('a failing migration leaves the database as it was; the copy taken before it restores with --before-upgrade', async () => {
    const dir = path.join(tmp, 'upgrade');
    const { listMigrations, runMigrations } = await import('@/db/migrate');
    const h = await openDb({ url: path.join(dir, 'pglite') });
    await h.exec(`INSERT INTO app_settings (key, value) VALUES ('k', 'před')`);
    const broken = [
      ...listMigrations(),
      { name: '9998_good.sql', sql: 'CREATE TABLE upgrade_probe (id int); UPDATE app_settings SET value = \'během\';' },
      { name: '9999_bad.sql', sql: 'ALTER TABLE no_such_table ADD COLUMN x int;' },
    ];
    await expect(runMigrations(h.exec, h.kind, broken)).rejects.toThrow(/databáze zůstala beze změny.*9999_bad\.sql/s);
    const probe = (await h.db.execute("SELECT to_regclass('upgrade_probe') AS t, (SELECT value FROM app_settings WHERE key = 'k') AS v" as never)) as unknown as { rows: { t: string | null; v: string }[] };
    expect(probe.rows[0]).toEqual({ t: null, v: 'před' });
    // The server's copy before migrations (beforeMigrate), then a change, then the roll-back.
    const copyDir = path.join(dir, 'backups', 'before-upgrade');
    fs.mkdirSync(copyDir, { recursive: true });
    await h.dump(path.join(copyDir, '2026-11-25T10-00-00-000Z__0060_studio_posts.sql__pglite.tar'));
    await h.exec(`UPDATE app_settings SET value = 'po' WHERE key = 'k'`);
    await h.close();
    const r = await restoreBeforeUpgrade({ dataDir: dir });
    expect(r.movedAside).toContain(path.join('backups', 'pglite-before-restore-'));
    const after = await openDb({ url: path.join(dir, 'pglite'), migrate: false });
    try {
      const v = (await after.db.execute("SELECT value FROM app_settings WHERE key = 'k'" as never)) as unknown as { rows: { value: string }[] };
      expect(v.rows[0].value).toBe('před');
    } finally {
      await after.close();
    }
  }, 300_000);
});
