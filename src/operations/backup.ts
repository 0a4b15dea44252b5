// Not server-only by import: `npm run backup` (plain tsx) runs it; the server's scheduled job starts that command.
import fs from 'node:fs';
import path from 'node:path';
import { writeArchive } from './archive';
import { backupPaths } from './layout';
import { acquireLock } from './lock';
import type { Manifest } from './manifest';
import { stampForFile } from '@/db/dump-names';
import { applyRetention, backupToRepository, DEFAULT_RETENTION, forgetSnapshot, type ResticTarget } from './restic';
import { keptByPolicy } from './retention';
import { assembleSnapshot, snapshotUnchanged, verifyDatabaseCopy, type SnapshotOptions } from './snapshot';
import { readStatus, writeStatus } from './status';

export interface BackupOptions extends SnapshotOptions {
  /** Archive file to write; without it (and without a repository) backups/archives/backup-<time>.tar. */
  out?: string;
  repository?: ResticTarget;
  /** Apply the retention policy (7 daily, 4 weekly, 12 monthly) to the repository or the default archive folder. */
  retention?: boolean;
}

export interface BackupResult {
  location: string;
  bytes: number;
  files: number;
  manifest: Manifest;
}

const ARCHIVE_NAME = /^backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.tar$/;

function archiveTime(stamp: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(stamp);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : new Date(NaN);
}

function pruneArchives(dir: string): void {
  const entries = fs.readdirSync(dir).flatMap((f) => {
    const m = ARCHIVE_NAME.exec(f);
    return m ? [{ file: f, at: archiveTime(m[1]) }] : [];
  });
  const kept = keptByPolicy(entries.map((e) => e.at), DEFAULT_RETENTION);
  for (const e of entries) if (!kept.has(e.at.getTime())) fs.rmSync(path.join(dir, e.file), { force: true });
}

/**
 * One backup: lock, consistent snapshot, then the archive file or the restic repository. Success and failure are
 * both recorded in backups/status.json; only a backup that was completely written is recorded as good.
 */
export async function runBackup(opts: BackupOptions): Promise<BackupResult> {
  const paths = backupPaths(opts.dataDir);
  const started = Date.now();
  const release = acquireLock(paths.lock);
  let succeeded = false;
  try {
    const { dir, manifest, filesBefore } = await assembleSnapshot(opts);
    // The database copy is opened while the snapshot is stored; settled either way, awaited before success.
    const verified = verifyDatabaseCopy(dir, manifest).then(
      () => undefined,
      (error: unknown) => error,
    );
    let location: string;
    let bytes: number;
    if (opts.repository) {
      const id = await backupToRepository(opts.repository, dir, manifest.createdAt);
      location = `${opts.repository.repository} (snímek ${id})`;
      bytes = manifest.totalBytes;
      const problem = (await verified) ?? ((await snapshotUnchanged(dir, manifest, filesBefore)) ? undefined : new Error('Soubor se během zálohy změnil; zálohujte znovu'));
      if (problem) {
        // The snapshot is not a good one: it leaves the repository, so it can never be restored by mistake.
        await forgetSnapshot(opts.repository, id).catch(() => undefined);
        throw new Error(`Snímek ${id} není platný a byl z repozitáře odebrán: ${problem instanceof Error ? problem.message : String(problem)}`, { cause: problem });
      }
      if (opts.retention) await applyRetention(opts.repository, DEFAULT_RETENTION);
    } else {
      location = path.resolve(opts.out ?? path.join(paths.archives, `backup-${stampForFile(new Date(manifest.createdAt))}.tar`));
      bytes = await writeArchive(dir, location);
      const problem = (await verified) ?? ((await snapshotUnchanged(dir, manifest, filesBefore)) ? undefined : new Error('Soubor se během zápisu archivu změnil; zálohujte znovu'));
      if (problem) {
        fs.rmSync(location, { force: true });
        throw new Error(`Archiv byl smazán: ${problem instanceof Error ? problem.message : String(problem)}`, { cause: problem });
      }
      if (opts.retention && !opts.out) pruneArchives(paths.archives);
    }
    const status = readStatus(paths.status);
    const at = new Date(started).toISOString();
    writeStatus(paths.status, {
      ...status,
      lastAttempt: { at, ok: true, durationMs: Date.now() - started },
      lastSuccess: { at: manifest.createdAt, location, bytes, files: manifest.files.length },
    });
    succeeded = true;
    return { location, bytes, files: manifest.files.length, manifest };
  } catch (err) {
    const status = readStatus(paths.status);
    writeStatus(paths.status, {
      ...status,
      lastAttempt: { at: new Date(started).toISOString(), ok: false, error: err instanceof Error ? err.message : String(err), durationMs: Date.now() - started },
    });
    throw err;
  } finally {
    // A good snapshot's links stay for the next backup to reuse; after a failure nothing half-made is kept.
    if (!succeeded) await fs.promises.rm(paths.work, { recursive: true, force: true }).catch(() => undefined);
    release();
  }
}
