/**
 * npm run restore -- FILE_OR_SNAPSHOT [--data-dir DIR] [--force]
 * npm run restore -- --before-upgrade
 * Restores a backup into an empty DATA_DIR (--data-dir or DATA_DIR), verifying every checksum first; with
 * DATABASE_URL=postgres://… the database goes into PostgreSQL (also from a PGlite backup). A non-empty data
 * folder only with --force (its content is moved aside, not deleted). Exit 0 restored, 2 refused, 1 failed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import nextEnv from '@next/env';
import { getEnv } from '../src/platform/env';
import { RestoreRefused, restoreBeforeUpgrade, runRestore } from '../src/operations/restore';

const USAGE = 'Použití: npm run restore -- SOUBOR_NEBO_SNÍMEK [--data-dir SLOŽKA] [--force]\n       npm run restore -- --before-upgrade\n';

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (err) {
    process.stderr.write(`${USAGE}  - ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values['data-dir'] !== undefined) process.env.DATA_DIR = values['data-dir'];
  const env = getEnv();
  const databaseUrl = env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : undefined;
  if (values['before-upgrade']) {
    if (positionals.length) {
      process.stderr.write(`${USAGE}  - --before-upgrade nebere soubor\n`);
      return 2;
    }
    const r = await restoreBeforeUpgrade({ dataDir: env.DATA_DIR, databaseUrl });
    process.stdout.write(`Databáze vrácena do stavu před aktualizací (${path.basename(r.file)}).${r.movedAside ? ` Dosavadní databáze je v ${r.movedAside}.` : ''}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(`${USAGE}  - zadejte právě jeden soubor zálohy (nebo snímek restic)\n`);
    return 2;
  }
  const r = await runRestore({
    source: positionals[0],
    dataDir: env.DATA_DIR,
    databaseUrl,
    force: values.force === true,
    repository: env.BACKUP_REPOSITORY ? { repository: env.BACKUP_REPOSITORY, password: env.BACKUP_PASSWORD ?? '' } : undefined,
  });
  process.stdout.write(
    `Obnoveno do ${r.dataDir}: databáze ${r.database}, ${r.manifest.files.length} souborů, všechny kontrolní součty sedí (záloha z ${r.manifest.createdAt}).\n` +
      (r.manifest.withVariants ? '' : 'Záloha neobsahuje náhledy fotek (složky variants): má-li obnovený web fotky hned zobrazit, zálohujte s --with-variants.\n') +
      (r.movedAside ? `Dosavadní obsah složky je v ${r.movedAside}.\n` : ''),
  );
  return 0;
}

function parse() {
  return parseArgs({
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean' }, 'before-upgrade': { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
}

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const refused = err instanceof RestoreRefused;
    process.stderr.write(`${refused ? 'Obnova odmítnuta' : 'Obnova selhala'}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(refused ? 2 : 1);
  },
);
