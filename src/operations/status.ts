import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The last backup's outcome, kept as `backups/status.json` beside the archives on the machine that took it (the
 * command may run while the embedded database belongs to the server, so it cannot write a table). The dashboard,
 * the warning mail and /api/metrics read it.
 */
export const statusSchema = z.object({
  lastAttempt: z
    .object({ at: z.iso.datetime(), ok: z.boolean(), error: z.string().optional(), durationMs: z.number().nonnegative() })
    .optional(),
  lastSuccess: z
    .object({ at: z.iso.datetime(), location: z.string(), bytes: z.number().int().nonnegative(), files: z.number().int().nonnegative() })
    .optional(),
  /** When the warning mail last went out (one a day at most). */
  warnedAt: z.iso.datetime().optional(),
});
export type BackupStatus = z.infer<typeof statusSchema>;

export function readStatus(file: string): BackupStatus {
  try {
    const parsed = statusSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function writeStatus(file: string, status: BackupStatus): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(status, null, 1));
  fs.renameSync(tmp, file);
}

/** Older than this, or a failed last attempt, and the dashboard warns and the photographer gets a mail. */
export const STALE_AFTER_MS = 2 * 24 * 3600 * 1000;

export type BackupHealth = { state: 'ok' } | { state: 'never' } | { state: 'stale'; ageMs: number } | { state: 'failed'; error: string };

export function backupHealth(status: BackupStatus, now: number): BackupHealth {
  if (status.lastAttempt && !status.lastAttempt.ok) return { state: 'failed', error: status.lastAttempt.error ?? '' };
  if (!status.lastSuccess) return { state: 'never' };
  const ageMs = now - Date.parse(status.lastSuccess.at);
  return ageMs > STALE_AFTER_MS ? { state: 'stale', ageMs } : { state: 'ok' };
}
