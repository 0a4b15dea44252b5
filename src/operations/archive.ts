import fs from 'node:fs';
import path from 'node:path';
import { syncPath } from './durable';
import { runTool } from './tools';
import { DATABASE_PREFIX, FILES_PREFIX, MANIFEST_FILE } from './manifest';

/**
 * The archive file: a plain tar written by GNU tar (in every Debian and container image), manifest first. Photos
 * are already compressed, so the tar is not. Written under `<file>.partial` and renamed only after tar succeeded
 * and the bytes are on disk: a full disk or a killed run never leaves a file that looks like a good backup.
 */
export async function writeArchive(snapshotDir: string, out: string): Promise<number> {
  const target = path.resolve(out);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    // tar exits non-zero when a file changed while it was read: that run is not a good backup.
    await runTool('tar', ['--create', '--file', partial, '--directory', snapshotDir, MANIFEST_FILE, DATABASE_PREFIX, FILES_PREFIX], 'Zápis archivu');
    syncPath(partial);
    fs.renameSync(partial, target);
    syncPath(path.dirname(target));
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return fs.statSync(target).size;
}
