import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDbHandle } from '@/db/db.server';
import { rowsOf } from '@/db/client';
import { resetEnvForTests } from '@/platform/env';
import { backupPaths } from '@/operations/layout';
import { metricsResponse } from '@/operations/metrics.server';
import { databaseSnapshotResponse } from '@/operations/channel.server';
import { backupDue, runBackupCommand, warnIfUnhealthy } from '@/operations/schedule.server';
import { writeStatus } from '@/operations/status';
import { createTestDb, hasPostgres } from '@tests/support/test-db';

/** The scheduled job's command: the real `scripts/backup.ts` in a child process, supervised. */
describe('the scheduled backup command', () => {
  const saved = process.env.DATA_DIR;
  afterAll(() => {
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
  });

  it('runs scripts/backup.ts and reports its Czech failure; a timeout stops it and counts as failed', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-command-'));
    process.env.DATA_DIR = empty;
    try {
      const failed = await runBackupCommand(120_000);
      expect(failed.ok).toBe(false);
      expect(failed.output).toContain(`Záloha selhala: V ${empty} není žádná databáze`);
      const stopped = await runBackupCommand(1);
      expect(stopped).toEqual({ ok: false, output: 'ukončeno SIGTERM' });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  }, 150_000);
});

/** The scheduled side of backups against a real PostgreSQL database: the warning mail, metrics, the channel's door. */
describe.runIf(hasPostgres)('backup schedule, warning mail and metrics', () => {
  const saved = { ...process.env };
  let dataDir: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const h = await createTestDb('postgres');
    // The test database's URL is what createTestDb connected to; keep it open only to drop it later.
    const url = rowsOf<{ db: string }>(await h.db.execute('SELECT current_database() AS db' as never))[0].db;
    const base = new URL(process.env.TEST_DATABASE_URL as string);
    base.pathname = `/${url}`;
    drop = h.close;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-schedule-'));
    Object.assign(process.env, { DATABASE_URL: base.toString(), DATA_DIR: dataDir, BACKUP_HOUR: '3', METRICS_TOKEN: 'metriky-0123456789abcdef', PHOTOGRAPHER_EMAIL: 'anna@example.cz' });
    delete process.env.SMTP_URL;
    resetEnvForTests();
  }, 120_000);

  afterAll(async () => {
    await closeDb();
    process.env = saved;
    resetEnvForTests();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const warnings = async () =>
    rowsOf<{ to_address: string; text: string }>(await (await getDbHandle()).db.execute("SELECT to_address, text FROM mail_outbox WHERE kind = 'backup-warning' ORDER BY id" as never));

  it('is due once a day at BACKUP_HOUR', () => {
    const at3 = new Date(2026, 10, 25, 3, 5);
    expect(backupDue({}, at3, 3)).toBe(true);
    expect(backupDue({}, new Date(2026, 10, 25, 4, 5), 3)).toBe(false);
    expect(backupDue({}, at3, undefined)).toBe(false);
    expect(backupDue({ lastAttempt: { at: new Date(2026, 10, 25, 3, 0).toISOString(), ok: true, durationMs: 1 } }, at3, 3)).toBe(false);
  });

  it('mails the photographer when backups are scheduled but none succeeded, or the last one failed — once a day', async () => {
    const now = new Date();
    expect(await warnIfUnhealthy(now)).toBe(true);
    expect(await warnIfUnhealthy(now)).toBe(false);
    expect(await warnings()).toEqual([{ to_address: 'anna@example.cz', text: expect.stringContaining('žádná ještě neproběhla') }]);
    writeStatus(backupPaths(dataDir).status, { lastAttempt: { at: now.toISOString(), ok: false, error: 'Disk je plný', durationMs: 5 }, warnedAt: new Date(now.getTime() - 25 * 3600_000).toISOString() });
    expect(await warnIfUnhealthy(now)).toBe(true);
    expect((await warnings()).at(-1)?.text).toContain('Poslední záloha selhala: Disk je plný');
  });

  it('GET /api/metrics: 401 without the token, Prometheus text with it', async () => {
    expect((await metricsResponse(new Request('http://x/api/metrics'), [])).status).toBe(401);
    const res = await metricsResponse(new Request('http://x/api/metrics', { headers: { authorization: 'Bearer metriky-0123456789abcdef' } }), [
      { name: 'photo_queue_length', help: 'Photos waiting', read: async () => 3 },
    ]);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^backup_last_attempt_ok 0$/m);
    expect(body).toMatch(/^photo_queue_length 3$/m);
    expect(body).toMatch(/^mail_outbox_messages\{status="pending"\} \d+$/m);
    expect(body).toMatch(/^database_size_bytes \d{6,}$/m);
  });

  it('GET /api/metrics is 404 without METRICS_TOKEN; the backup channel is 404 without its token', async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
    expect((await metricsResponse(new Request('http://x/api/metrics', { headers: { authorization: 'Bearer metriky-0123456789abcdef' } }), [])).status).toBe(404);
    expect((await databaseSnapshotResponse(new Request('http://x/api/backup/database', { method: 'POST', headers: { authorization: `Bearer ${'0'.repeat(64)}` } }))).status).toBe(404);
  });
});
