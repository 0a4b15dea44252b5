import fs from 'node:fs';
import { runTool } from './tools';

/**
 * Puts everything written under `dir` on the disk: syncfs(2) of its file system through coreutils' `sync
 * --file-system` (in every Debian and container image) — one call for the thousands of files a restore writes, where
 * an fsync each would wait for the disk once per photo. See docs/decisions/104-restore-on-disk-before-it-counts.md.
 */
export async function flushFileSystem(dir: string): Promise<void> {
  await runTool('sync', ['--file-system', dir], 'Zápis obnovených souborů na disk');
}

/** An fsync of the directory itself: a rename inside it is on the disk once this returns. */
export function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
