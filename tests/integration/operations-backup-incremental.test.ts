/**
 * What makes a repeated backup and a restore cheap, and what must not break because of it: the snapshot's links and
 * the SHA-256 cache kept between backups (src/operations/snapshot.ts, hash.ts), and the restore that verifies the
 * archive while unpacking it (src/operations/restore.ts).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@/db/client';
import { runBackup } from '@/operations/backup';
import { backupPaths } from '@/operations/layout';
import { RestoreRefused, runRestore } from '@/operations/restore';
import { expectRestoreRefusedUntouched } from '@tests/support/restore-refusal';

const run = promisify(execFile);
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

let tmp: string;
let dataDir: string;
let work: string;
const one = crypto.randomBytes(300_000);
const two = crypto.randomBytes(200_000);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-incr-'));
  dataDir = path.join(tmp, 'data');
  const h = await openDb({ url: path.join(dataDir, 'pglite') });
  await h.exec(`INSERT INTO app_settings (key, value) VALUES ('a', 'první')`);
  await h.close();
  fs.mkdirSync(path.join(dataDir, 'uploads/a'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads/a/one'), one);
  fs.writeFileSync(path.join(dataDir, 'uploads/a/two'), two);
  // Two keys of one stored file, as the local storage's copy() makes them: GNU tar stores the second as a link.
  fs.linkSync(path.join(dataDir, 'uploads/a/one'), path.join(dataDir, 'uploads/shared'));
  // Every file must be older than the backup's T1 (milliseconds).
  const past = new Date(Date.now() - 60_000);
  for (const f of ['uploads/a/one', 'uploads/a/two']) fs.utimesSync(path.join(dataDir, f), past, past);
  work = backupPaths(dataDir).work;
}, 300_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const manifestSha = (files: { path: string; sha256: string }[], rel: string) => files.find((f) => f.path === rel)?.sha256;

describe('repeated backups', () => {
  let first: string;

  it('keeps the links and the SHA-256 of unchanged files; a file rewritten with the same size and mtime is hashed again', async () => {
    first = path.join(tmp, 'first.tar');
    const r1 = await runBackup({ dataDir, withVariants: false, out: first });
    expect(manifestSha(r1.manifest.files, 'uploads/a/one')).toBe(sha(one));
    expect(manifestSha(r1.manifest.files, 'uploads/shared')).toBe(sha(one));
    // The snapshot stays for the next backup, outside it the cache of digests.
    const twoLink = path.join(work, 'files/uploads/a/two');
    const linked = fs.statSync(twoLink, { bigint: true });
    expect(linked.ino).toBe(fs.statSync(path.join(dataDir, 'uploads/a/two'), { bigint: true }).ino);
    const cache = JSON.parse(fs.readFileSync(backupPaths(dataDir).hashes, 'utf8')) as { files: Record<string, { sha256: string }> };
    expect(cache.files['uploads/a/two']?.sha256).toBe(sha(two));

    // Same size, and the mtime set back: only the ctime (set by the kernel) tells the content changed.
    const file = path.join(dataDir, 'uploads/a/one');
    const before = fs.statSync(file);
    const changed = crypto.randomBytes(one.length);
    fs.writeFileSync(file, changed);
    fs.utimesSync(file, before.atime, before.mtime);
    expect(fs.statSync(file).size).toBe(before.size);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);

    const r2 = await runBackup({ dataDir, withVariants: false, out: path.join(tmp, 'second.tar') });
    expect(manifestSha(r2.manifest.files, 'uploads/a/one')).toBe(sha(changed));
    expect(manifestSha(r2.manifest.files, 'uploads/shared')).toBe(sha(changed));
    expect(manifestSha(r2.manifest.files, 'uploads/a/two')).toBe(sha(two));
    // Not linked again: making a link would have changed the inode's ctime.
    expect(fs.statSync(twoLink, { bigint: true }).ctimeNs).toBe(linked.ctimeNs);
  }, 300_000);

  it('takes an unchanged file’s SHA-256 from the cache — and a restore still checks every byte against it', async () => {
    const cacheFile = backupPaths(dataDir).hashes;
    const saved = fs.readFileSync(cacheFile, 'utf8');
    const cache = JSON.parse(saved) as { files: Record<string, { sha256: string }> };
    const entry = cache.files['uploads/a/two'];
    expect(entry).toBeDefined();
    // A wrong digest under the file's unchanged identity: the backup uses it without reading the file.
    (entry as { sha256: string }).sha256 = 'f'.repeat(64);
    fs.writeFileSync(cacheFile, JSON.stringify(cache));
    const archive = path.join(tmp, 'from-wrong-cache.tar');
    const r = await runBackup({ dataDir, withVariants: false, out: archive });
    expect(manifestSha(r.manifest.files, 'uploads/a/two')).toBe('f'.repeat(64));
    const target = path.join(tmp, 'never-from-wrong-cache');
    const err = await runRestore({ source: archive, dataDir: target, force: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect((err as Error).message).toMatch(/kontrolní součet files\/uploads\/a\/two nesouhlasí/);
    expect(fs.existsSync(target)).toBe(false);
    // An unreadable cache is an empty one: every file is read again.
    fs.writeFileSync(cacheFile, '{"version":1,"files":');
    const again = await runBackup({ dataDir, withVariants: false, out: path.join(tmp, 'after-broken-cache.tar') });
    expect(manifestSha(again.manifest.files, 'uploads/a/two')).toBe(sha(two));
  }, 300_000);

  it('drops the link of a deleted file, and a file written after the database copy waits for the next backup', async () => {
    fs.rmSync(path.join(dataDir, 'uploads/a/two'));
    // Modified "in the future" = at or after T1: no row of this copy can point at it.
    const late = path.join(dataDir, 'uploads/late');
    fs.writeFileSync(late, 'late');
    const future = new Date(Date.now() + 3_600_000);
    fs.utimesSync(late, future, future);
    const r = await runBackup({ dataDir, withVariants: false, out: path.join(tmp, 'after-delete.tar') });
    const paths = r.manifest.files.map((f) => f.path);
    expect(paths).not.toContain('uploads/a/two');
    expect(paths).not.toContain('uploads/late');
    expect(fs.existsSync(path.join(work, 'files/uploads/a/two'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'files/uploads/late'))).toBe(false);
    const listing = (await run('tar', ['-tf', path.join(tmp, 'after-delete.tar')])).stdout.split('\n').filter(Boolean);
    expect(listing.filter((l) => !l.endsWith('/')).sort()).toEqual(['database/pglite.tar', 'files/uploads/a/one', 'files/uploads/shared', 'manifest.json']);
    fs.rmSync(late);
  }, 300_000);

  it('restores two paths of one stored file (a link in the archive) with both verified', async () => {
    const verbose = (await run('tar', ['-tvf', first])).stdout;
    expect(verbose).toMatch(/link to files\/uploads\/(a\/one|shared)/);
    const target = path.join(tmp, 'restored-links');
    const r = await runRestore({ source: first, dataDir: target, force: false });
    expect(r.manifest.files).toHaveLength(3);
    expect(fs.readFileSync(path.join(target, 'uploads/a/one')).equals(one)).toBe(true);
    expect(fs.readFileSync(path.join(target, 'uploads/shared')).equals(one)).toBe(true);
    expect(fs.readFileSync(path.join(target, 'uploads/a/two')).equals(two)).toBe(true);
    expect(fs.existsSync(path.join(target, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 300_000);
});

describe('a tampered archive is refused before the target is touched', () => {
  const refuses = (file: string, message: RegExp) => expectRestoreRefusedUntouched(file, tmp, message);

  it('a member the manifest does not list (a file or a symlink) is refused', async () => {
    const base = path.join(tmp, 'first.tar');
    const extraDir = path.join(tmp, 'extra');
    fs.mkdirSync(path.join(extraDir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(extraDir, 'files', 'planted'), 'x');
    fs.symlinkSync('/etc/passwd', path.join(extraDir, 'files', 'link'));
    const withFile = path.join(tmp, 'with-extra-file.tar');
    fs.copyFileSync(base, withFile);
    await run('tar', ['--append', '--file', withFile, '--directory', extraDir, 'files/planted']);
    await refuses(withFile, /soubor files\/planted v ní nemá být/);
    const withLink = path.join(tmp, 'with-symlink.tar');
    fs.copyFileSync(base, withLink);
    await run('tar', ['--append', '--file', withLink, '--directory', extraDir, 'files/link']);
    await refuses(withLink, /soubor files\/link v ní nemá být/);
  }, 300_000);

  it('an archive whose first member is not the manifest is refused', async () => {
    const unpacked = path.join(tmp, 'unpacked');
    fs.mkdirSync(unpacked);
    await run('tar', ['--extract', '--file', path.join(tmp, 'first.tar'), '--directory', unpacked]);
    const reordered = path.join(tmp, 'reordered.tar');
    await run('tar', ['--create', '--file', reordered, '--directory', unpacked, 'files', 'database', 'manifest.json']);
    await refuses(reordered, /chybí čitelný manifest\.json/);
  }, 300_000);
});
