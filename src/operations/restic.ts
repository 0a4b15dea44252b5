import { z } from 'zod';
import { runTool } from './tools';

/**
 * Backups into a restic repository (BACKUP_REPOSITORY: a local path, `sftp:…`, `s3:…`; BACKUP_PASSWORD encrypts
 * it). restic deduplicates and only reads files whose size or time changed since the previous snapshot of the same
 * paths, which is why the snapshot is always assembled at the same place (backups/.work). The snapshot's files are
 * hard links kept between backups (only new or replaced files are linked anew); making a link changes the file's
 * ctime, so restic is told to ignore ctime (`--ignore-ctime`), or it would read every newly linked file again. Size,
 * mtime and inode (shared with the stored file) still show any change.
 */
export interface ResticTarget {
  repository: string;
  password: string;
}

export const SNAPSHOT_TAG = 'svatebni-fotograf';

function resticEnv(t: ResticTarget): NodeJS.ProcessEnv {
  // The repository's own credentials (AWS_*, SSH agent) come from the environment as restic documents them.
  return { ...process.env, RESTIC_REPOSITORY: t.repository, RESTIC_PASSWORD: t.password, RESTIC_PROGRESS_FPS: '0' };
}

/** restic's words when the repository does not exist yet. */
const NO_REPOSITORY = /Is there a repository at the following location|repository does not exist/i;

/** Creates the repository on first use; an existing one is left as it is. */
export async function ensureRepository(t: ResticTarget): Promise<void> {
  try {
    await runTool('restic', ['cat', 'config', '--quiet'], 'Otevření repozitáře záloh', { env: resticEnv(t) });
  } catch (err) {
    if (!NO_REPOSITORY.test(err instanceof Error ? err.message : '')) throw err;
    await runTool('restic', ['init', '--quiet'], 'Založení repozitáře záloh', { env: resticEnv(t) });
  }
}

const summarySchema = z.object({ message_type: z.literal('summary'), snapshot_id: z.string().min(1) });

/**
 * Backs up the snapshot folder (as '.': paths in the snapshot start at its top); returns the snapshot id. The
 * repository is created when restic reports there is none (not checked first: every restic run that opens a
 * repository derives its key, which costs a noticeable part of a small incremental backup).
 */
export async function backupToRepository(t: ResticTarget, snapshotDir: string, createdAt: string): Promise<string> {
  const backup = () =>
    runTool(
      'restic',
      ['backup', '.', '--ignore-ctime', '--json', '--quiet', '--tag', SNAPSHOT_TAG, '--host', 'svatebni-fotograf', '--time', createdAt.replace('T', ' ').replace(/\.\d+Z$/, '').replace('Z', '')],
      'Záloha do repozitáře',
      { cwd: snapshotDir, env: { ...resticEnv(t), TZ: 'UTC' } },
    );
  let stdout: string;
  try {
    ({ stdout } = await backup());
  } catch (err) {
    if (!NO_REPOSITORY.test(err instanceof Error ? err.message : '')) throw err;
    await runTool('restic', ['init', '--quiet'], 'Založení repozitáře záloh', { env: resticEnv(t) });
    ({ stdout } = await backup());
  }
  for (const line of stdout.split('\n').reverse()) {
    if (!line.trim().startsWith('{')) continue;
    const parsed = summarySchema.safeParse(JSON.parse(line));
    if (parsed.success) return parsed.data.snapshot_id;
  }
  throw new Error('Záloha do repozitáře: restic neohlásil vytvořený snímek');
}

/** Keeps 7 daily, 4 weekly and 12 monthly snapshots of this site; the rest is forgotten and its data pruned. */
export async function applyRetention(t: ResticTarget, policy: RetentionPolicy): Promise<void> {
  await runTool(
    'restic',
    ['forget', '--quiet', '--tag', SNAPSHOT_TAG, '--keep-daily', String(policy.daily), '--keep-weekly', String(policy.weekly), '--keep-monthly', String(policy.monthly), '--prune'],
    'Úklid starých záloh',
    { env: resticEnv(t) },
  );
}

/** Removes one snapshot this backup wrote but found not good (its data goes at the next prune). */
export async function forgetSnapshot(t: ResticTarget, id: string): Promise<void> {
  if (!/^[0-9a-f]{8,64}$/.test(id)) throw new Error(`„${id}“ není platný snímek`);
  await runTool('restic', ['forget', '--quiet', id], 'Odebrání neplatného snímku', { env: resticEnv(t) });
}

/** Restores a snapshot ('latest' or an id) into the empty folder `into`. */
export async function restoreFromRepository(t: ResticTarget, snapshot: string, into: string): Promise<void> {
  const id = snapshot === 'latest' ? 'latest' : snapshot;
  if (!/^(latest|[0-9a-f]{8,64})$/.test(id)) throw new Error(`„${snapshot}“ není platný snímek (latest nebo jeho id)`);
  await runTool('restic', ['restore', id, '--tag', SNAPSHOT_TAG, '--target', into, '--quiet'], 'Obnova z repozitáře', { env: resticEnv(t) });
}

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };
