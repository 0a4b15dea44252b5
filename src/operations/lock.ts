import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from './control';

/**
 * One backup at a time per data folder. The lock file holds the owner's pid; a lock whose process is gone (killed
 * with -9 mid-backup) is stale and taken over, so a crash never blocks the next backup.
 */
export class BackupBusyError extends Error {
  constructor(pid: number) {
    super(`Jiná záloha právě běží (proces ${pid}); zkuste to po jejím dokončení`);
    this.name = 'BackupBusyError';
  }
}

export function acquireLock(file: string): () => void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) throw new BackupBusyError(owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Zámek zálohy ${file} nelze získat`);
}
