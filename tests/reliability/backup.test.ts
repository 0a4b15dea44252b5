/**
 * Backups while the site works: 200 concurrent inquiries and a photo upload run while `npm run backup` runs; the
 * server is then killed with SIGKILL; the backup is restored into a new data folder (and, on PostgreSQL, a new
 * database) and started on another port. Every inquiry answered before the backup began is there, every photo
 * processed before it is served, and every stored original matches its checksum — no row points at a missing file.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { openDb } from '@/db/client';
import { makeTestJpeg } from '../fixtures/studio-images';
import { freshPostgresDatabase } from '../../bench/lib/postgres';
import { closeQuietly, DB_KINDS, RAISED_LIMITS, postInquiry, query, startServer, testDatabase, validInquiry, type TestDatabase } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
const SUBMISSIONS = 200;
const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function runBackupCommand(env: Record<string, string>, out: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'backup', '--', '--out', out, '--with-variants'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(DB_KINDS)('backup during inquiries and an upload, kill -9, restore elsewhere (%s)', (kind) => {
  let tdb: TestDatabase | undefined;
  let restoredDb: { url: string; drop: () => Promise<void> } | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `rel-backup-${kind}-`));
  afterAll(async () => {
    await tdb?.drop();
    await restoredDb?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps every inquiry answered before the backup began and every processed photo', async () => {
    tdb = await testDatabase(kind, 'bkp');
    const setup = await tdb.open();
    await createOrPromoteAdmin(setup.db, ADMIN);
    await closeQuietly(setup);
    const env = { ...RAISED_LIMITS, ...tdb.env };
    const server = await startServer(env, { dataDir: tdb.dataDir });
    try {
      const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
      const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
      const wedding = (await (
        await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'Záloha & Obnova', date: '2026-09-09', location: 'Brno' }) })
      ).json()) as { id: string };
      const upload = async (seed: number) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await makeTestJpeg({ width: 900, height: 600, seed }))], { type: 'image/jpeg' }), `f${seed}.jpg`);
        const res = await fetch(`${server.url}/api/admin/weddings/${wedding.id}/photos`, { method: 'POST', headers: auth, body: form });
        expect(res.status).toBe(202);
        return ((await res.json()) as { id: string }).id;
      };
      const photoStatus = async () =>
        ((await (await fetch(`${server.url}/api/admin/weddings/${wedding.id}`, { headers: auth })).json()) as { photos: { id: string; status: string }[] }).photos;
      const processed = await upload(11);
      await expect.poll(async () => (await photoStatus()).find((p) => p.id === processed)?.status, { timeout: 120_000, interval: 500 }).toBe('ready');

      // The burst: once 50 inquiries are answered the backup starts; the rest and a second upload run during it.
      const tag = `bkp${kind}`;
      const answeredBefore = new Set<string>();
      let backupStarted = false;
      let backup: Promise<{ code: number | null; stdout: string; stderr: string }> | undefined;
      const archive = path.join(tmp, 'during.tar');
      let startBackup: () => void = () => undefined;
      const begun = new Promise<void>((resolve) => {
        startBackup = () => {
          if (backupStarted) return;
          backupStarted = true;
          backup = runBackupCommand({ ...env, DATA_DIR: tdb!.dataDir }, archive);
          resolve();
        };
      });
      let answered = 0;
      const submissions = Array.from({ length: SUBMISSIONS }, (_, i) =>
        postInquiry(server.url, validInquiry(tag, i)).then((r) => {
          expect(r.status).toBe(201);
          if (!backupStarted) answeredBefore.add(r.json?.reference as string);
          if (++answered === 50) startBackup();
        }),
      );
      // A failed inquiry ends the wait too (its assertion then fails the test) instead of leaving the backup unstarted.
      await Promise.race([begun, Promise.all(submissions)]);
      expect(backupStarted).toBe(true);
      const duringUpload = upload(12);
      await Promise.all([...submissions, duringUpload]);
      const result = await backup!;
      expect(result.stderr).toContain('Záloha hotová');
      expect(result.code).toBe(0);
      expect(result.stdout.trim()).toBe(archive);
      expect(answeredBefore.size).toBeGreaterThanOrEqual(50);

      server.proc.kill('SIGKILL');
      if (server.proc.exitCode === null && server.proc.signalCode === null) await new Promise((r) => server.proc.once('exit', r));

      // Restore into a new folder (and a new PostgreSQL database), start there on another port.
      const restoredDir = path.join(tmp, 'restored');
      const restoreEnv: Record<string, string> = {};
      if (kind === 'postgres') {
        restoredDb = await freshPostgresDatabase('bkprestored');
        restoreEnv.DATABASE_URL = restoredDb.url;
      }
      const restored = await promisify(execFile)('npm', ['run', '--silent', 'restore', '--', archive, '--data-dir', restoredDir], { cwd: root, env: { ...process.env, ...restoreEnv } });
      expect(restored.stdout).toContain('všechny kontrolní součty sedí');

      const again = await startServer({ ...RAISED_LIMITS, ...restoreEnv }, { dataDir: restoredDir });
      try {
        expect(again.port).not.toBe(server.port);
        // The wedding is a draft: its photo is the admin's preview only. The admin's account came back with the copy.
        expect((await fetch(`${again.url}/api/photos/${processed}/384`, { headers: { accept: 'image/webp' } })).status).toBe(404);
        const relogin = await fetch(`${again.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
        expect(relogin.status).toBe(200);
        const restoredAuth = { authorization: `Bearer ${((await relogin.json()) as { jwt: string }).jwt}` };
        const photo = await fetch(`${again.url}/api/photos/${processed}/384`, { headers: { ...restoredAuth, accept: 'image/webp' } });
        expect(photo.status).toBe(200);
        expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1000);
        expect((await postInquiry(again.url, validInquiry(tag, 10_000))).status).toBe(201);
      } finally {
        await again.stop();
      }

      const h = kind === 'postgres' ? await openDb({ url: restoredDb!.url, max: 2 }) : await openDb({ url: path.join(restoredDir, 'pglite'), migrate: false });
      try {
        const refs = new Set((await query<{ reference: string }>(h, sql`SELECT reference FROM inquiries`)).map((r) => r.reference));
        for (const ref of answeredBefore) expect(refs.has(ref), `inquiry ${ref} answered before the backup began`).toBe(true);
        // No row points at a missing file: every photo row of the copy has its original, byte for byte.
        const photos = await query<{ id: string; original_key: string }>(h, sql`SELECT id, original_key FROM photos WHERE owner = 'studio'`);
        expect(photos.map((p) => p.id)).toContain(processed);
        for (const p of photos) {
          const original = path.join(restoredDir, 'uploads', ...p.original_key.split('/'));
          expect(fs.existsSync(original), `original of ${p.id}`).toBe(true);
          expect(sha(original)).toBe(sha(path.join(tdb.dataDir, 'uploads', ...p.original_key.split('/'))));
        }
      } finally {
        await closeQuietly(h);
      }
    } finally {
      await server.stop();
    }
  }, 600_000);
});
