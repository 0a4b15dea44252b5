import fs from 'node:fs';
import { runTool } from './tools';

/**
 * Puts everything written under `dir` on the disk: syncfs(2) of its file system through coreutils' `sync
 * --file-system` (in every Debian and container image) — one call for the thousands of files a restore writes, where
 * an fsync each would wait for the disk once per photo. See docs/decisions/104-restore-on-disk-before-it-counts.md.
 */
export async function flushFileSystem(dir: string): Promise<void> {
  await runTool('sync', ['--file-system', dir], 'Uložení obnovených souborů na disk');
}

/** An fsync of one file, or of a directory itself (a rename inside it is then on the disk). */
export function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
