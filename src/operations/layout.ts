// Not server-only by import: the backup and restore commands (plain tsx) load it.
import path from 'node:path';

/**
 * Folder conventions of DATA_DIR that backups rely on, instead of a list of tables or domains: everything under
 * DATA_DIR is a stored file worth keeping, except
 * - `pglite/`: the embedded database, copied consistently on its own (src/db/dump.ts);
 * - `backups/` and `run/`: this domain's own output and the running server's control file;
 * - any folder named `variants`: reproducible derivatives of an original (resized photos), added with --with-variants.
 * Restore puts every file back at its path; it does not care which domain wrote it.
 */
export const DATABASE_FOLDER = 'pglite';
export const BACKUPS_FOLDER = 'backups';
export const RUN_FOLDER = 'run';
export const VARIANTS_FOLDER = 'variants';

export function isExcluded(relPath: string, isDir: boolean, withVariants: boolean): boolean {
  const parts = relPath.split('/');
  if (parts.length === 1 && isDir && [DATABASE_FOLDER, BACKUPS_FOLDER, RUN_FOLDER].includes(parts[0])) return true;
  if (isDir && !withVariants && parts.at(-1) === VARIANTS_FOLDER) return true;
  return false;
}

export interface BackupPaths {
  root: string;
  /**
   * The one snapshot being assembled (fixed path: restic sees the same paths run after run, so it reads only changed
   * files). Kept between backups: an unchanged file keeps its link, so a backup does not link every file again.
   */
  work: string;
  lock: string;
  /** SHA-256 of the files of the last snapshot, by path and identity (src/operations/hash.ts). */
  hashes: string;
  archives: string;
  status: string;
  control: string;
}

export function backupPaths(dataDir: string): BackupPaths {
  const root = path.resolve(dataDir, BACKUPS_FOLDER);
  return {
    root,
    work: path.join(root, '.work'),
    lock: path.join(root, '.lock'),
    hashes: path.join(root, 'hashes.json'),
    archives: path.join(root, 'archives'),
    status: path.join(root, 'status.json'),
    control: path.resolve(dataDir, RUN_FOLDER, 'control.json'),
  };
}
