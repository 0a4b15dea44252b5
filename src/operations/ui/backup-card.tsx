import 'server-only';
import { formatCzechDateTime } from '@/platform/dates';
import { getEnv } from '@/platform/env';
import { backupPaths } from '../layout';
import { backupHealth, readStatus } from '../status';

function size(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v)} ${units[i]}`;
}

/** The admin dashboard's backup card: the last backup's time, size and result, and a warning when it needs her. */
export function BackupCard() {
  const env = getEnv();
  const status = readStatus(backupPaths(env.DATA_DIR).status);
  const health = backupHealth(status, Date.now());
  const scheduled = env.BACKUP_HOUR !== undefined ? `Automatická záloha běží denně v ${env.BACKUP_HOUR}:00.` : 'Automatické zálohy nejsou nastavené (BACKUP_HOUR).';
  return (
    <section aria-labelledby="backup-title" className="card" data-testid="backup-card">
      <h2 id="backup-title">Zálohy</h2>
      {status.lastSuccess ? (
        <p>
          Poslední úspěšná záloha: {formatCzechDateTime(new Date(status.lastSuccess.at))}, {size(status.lastSuccess.bytes)}, {status.lastSuccess.files}{' '}
          souborů.
        </p>
      ) : (
        <p>Zatím neproběhla žádná úspěšná záloha.</p>
      )}
      {health.state === 'failed' ? (
        <p className="notice notice-error" role="alert">
          Poslední záloha selhala: {health.error}
        </p>
      ) : health.state === 'stale' ? (
        <p className="notice notice-error" role="alert">
          Poslední úspěšná záloha je starší než 2 dny.
        </p>
      ) : null}
      <p>{scheduled}</p>
    </section>
  );
}
