/**
 * npm run backup [-- --out FILE] [--with-variants]
 * A consistent backup of DATA_DIR (database + stored files + manifest with SHA-256), also while the server runs.
 * Into FILE, or with BACKUP_REPOSITORY into that restic repository, else DATA_DIR/backups/archives/backup-<time>.tar.
 * Prints where it went; exit 0 on success, 1 on failure (nothing half-written is left as a good backup).
 * --scheduled: applies the retention policy (7 daily, 4 weekly, 12 monthly); the server's daily job uses it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import nextEnv from '@next/env';
import { getEnv } from '../src/platform/env';
import { runBackup } from '../src/operations/backup';

async function main(): Promise<number> {
  let values: { out?: string; 'with-variants'?: boolean; scheduled?: boolean };
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' }, 'with-variants': { type: 'boolean' }, scheduled: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    process.stderr.write(`Použití: npm run backup -- [--out SOUBOR] [--with-variants]\n  - ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  if (values.out !== undefined && values.out.trim() === '') {
    process.stderr.write('Použití: npm run backup -- [--out SOUBOR] [--with-variants]\n  - --out potřebuje cestu k souboru\n');
    return 2;
  }
  const env = getEnv();
  const started = Date.now();
  const result = await runBackup({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : undefined,
    withVariants: values['with-variants'] === true,
    out: values.out ? path.resolve(values.out) : undefined,
    repository: values.out || !env.BACKUP_REPOSITORY ? undefined : { repository: env.BACKUP_REPOSITORY, password: env.BACKUP_PASSWORD ?? '' },
    retention: values.scheduled === true,
  });
  process.stderr.write(
    `Záloha hotová za ${((Date.now() - started) / 1000).toFixed(1)} s: databáze (${result.manifest.database.kind}, migrace ${result.manifest.database.migrations.at(-1) ?? '—'}), ${result.files} souborů, ${(result.bytes / 1e6).toFixed(1)} MB.\n`,
  );
  process.stdout.write(`${result.location}\n`);
  return 0;
}

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Záloha selhala: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
