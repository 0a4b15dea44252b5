import 'server-only';
import { inquiryNotifyAddress } from '@/accounts/public.server';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { getDb } from '@/db/db.server';
import { formatCzechDateTime } from '@/platform/dates';
import { getEnv } from '@/platform/env';
import type { Job } from '@/platform/jobs.server';
import { log } from '@/platform/log';
import { sendMail } from '@/platform/mail.server';
import { backupPaths } from './layout';
import { backupHealth, readStatus, writeStatus, type BackupStatus } from './status';

/** A scheduled backup that has not finished after this long is stopped and recorded as failed. */
const BACKUP_TIMEOUT_MS = 6 * 3600_000;
const CHECK_EVERY_MS = 10 * 60_000;
const WARN_EVERY_MS = 24 * 3600_000;

/**
 * Runs the backup command (`npm run backup -- --scheduled`) as a child process (hashing gigabytes of photos stays out of the web
 * process; the child asks this server for the database over the backup channel) and waits for it, supervised:
 * a crash or a timeout is recorded as a failed backup.
 */
export function runBackupCommand(timeoutMs = BACKUP_TIMEOUT_MS): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    // What `npm run backup` runs (node --import tsx), as one process: the timeout's SIGTERM reaches the backup itself,
    // not a launcher in front of it.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'backup.ts'), '--scheduled'], { cwd: process.cwd(), env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    timer.unref();
    child.once('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, output: err.message });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output: output.trim() || `ukončeno ${signal ?? `kódem ${code}`}` });
    });
  });
}

/** Due when the configured hour has come and no backup was attempted in the last 20 hours. */
export function backupDue(status: BackupStatus, now: Date, hour: number | undefined): boolean {
  if (hour === undefined || now.getHours() !== hour) return false;
  const last = status.lastAttempt ? Date.parse(status.lastAttempt.at) : 0;
  return now.getTime() - last > 20 * 3600_000;
}

async function scheduledBackup(now: Date): Promise<void> {
  const env = getEnv();
  const file = backupPaths(env.DATA_DIR).status;
  if (!backupDue(readStatus(file), now, env.BACKUP_HOUR)) return;
  const started = Date.now();
  log.info('scheduled backup: started');
  const result = await runBackupCommand();
  const status = readStatus(file);
  // The command records its own outcome; a crash before it could is recorded here.
  if (!status.lastAttempt || Date.parse(status.lastAttempt.at) < started - 1000) {
    writeStatus(file, { ...status, lastAttempt: { at: new Date(started).toISOString(), ok: false, error: result.output.slice(-500), durationMs: Date.now() - started } });
  }
  if (result.ok) log.info('scheduled backup: done', { output: result.output.slice(-300) });
  else log.error('scheduled backup failed', { output: result.output });
}

/** A mail to the photographer (once a day at most) when the last good backup is too old or the last one failed. */
export async function warnIfUnhealthy(now: Date): Promise<boolean> {
  const env = getEnv();
  const file = backupPaths(env.DATA_DIR).status;
  const status = readStatus(file);
  // Nothing scheduled and nothing ever attempted: backups are not set up here, nothing to warn about.
  if (env.BACKUP_HOUR === undefined && !status.lastAttempt) return false;
  const health = backupHealth(status, now.getTime());
  if (health.state === 'ok') return false;
  if (status.warnedAt && now.getTime() - Date.parse(status.warnedAt) < WARN_EVERY_MS) return false;
  const last = status.lastSuccess ? `Poslední úspěšná záloha je z ${formatCzechDateTime(new Date(status.lastSuccess.at))}.` : 'Úspěšnou zálohu zatím nemám žádnou.';
  const why =
    health.state === 'failed'
      ? `Poslední záloha selhala: ${health.error}`
      : health.state === 'never'
        ? 'Zálohy jsou naplánované, ale žádná ještě neproběhla.'
        : 'Poslední úspěšná záloha je starší než 2 dny.';
  const db = await getDb();
  await sendMail(db, {
    to: (await inquiryNotifyAddress(db)).email,
    subject: 'Zálohy webu: potřebují vaši pozornost',
    text: `Dobrý den,\n\n${why}\n${last}\n\nStav záloh najdete v administraci na přehledu. Zálohu lze spustit ručně příkazem npm run backup na serveru.\n`,
    kind: 'backup-warning',
  });
  writeStatus(file, { ...readStatus(file), warnedAt: now.toISOString() });
  return true;
}

export function operationsJobs(): Job[] {
  return [
    {
      // Exclusive: on several instances sharing PostgreSQL only one takes the daily backup.
      name: 'backup',
      everyMs: CHECK_EVERY_MS,
      exclusive: true,
      run: async (now) => {
        fs.mkdirSync(backupPaths(getEnv().DATA_DIR).root, { recursive: true });
        await scheduledBackup(now);
        await warnIfUnhealthy(new Date());
      },
    },
  ];
}
