import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL integration tests need a real server. When TEST_DATABASE_URL is not set but Debian's PostgreSQL
 * binaries are installed, start a throwaway server on loopback (scripts/ci-postgres.sh) so `npm test` covers both
 * databases on any machine that has them; otherwise the PostgreSQL variants are skipped (and say so).
 */
export default function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) {
    process.stdout.write('PostgreSQL not installed: PostgreSQL variants of the integration tests are skipped.\n');
    return;
  }
  try {
    const url = execFileSync('sh', [path.resolve(import.meta.dirname, '../scripts/ci-postgres.sh')], { encoding: 'utf8' }).trim();
    process.env.TEST_DATABASE_URL = url.split('\n').pop();
    process.stdout.write(`PostgreSQL for integration tests: ${process.env.TEST_DATABASE_URL}\n`);
  } catch (err) {
    process.stdout.write(`Could not start PostgreSQL (${err instanceof Error ? err.message : String(err)}); PostgreSQL variants skipped.\n`);
  }
}
