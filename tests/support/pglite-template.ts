import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One migrated, empty PGlite data folder per test run, copied wherever a test needs a new database.
 *
 * A new PGlite database costs seconds of CPU (initdb in WebAssembly, then every migration); a copy of a cleanly
 * closed folder costs milliseconds. The folder is made by openDb, exactly as a first start makes it, so a copy is
 * what a first start would have left. The variable is set by the suites' global setups (tests/global-setup-pglite.ts,
 * tests/e2e/global-setup.ts) and inherited by their test processes; without it the callers create the database
 * themselves.
 */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

/** Makes the template (a global setup's job) and returns the function that removes it. */
export async function makePgliteTemplate(): Promise<() => void> {
  // Imported here: the e2e harness (also used by scripts and benchmarks) imports this module for the copy alone.
  const { openDb } = await import('../../src/db/client');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const handle = await openDb({ url: path.join(dir, 'pglite') });
  await handle.close();
  process.env[PGLITE_TEMPLATE_ENV] = path.join(dir, 'pglite');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** Copies the template to `target` (which must not exist yet); false when this run has no template. */
export function copyPgliteTemplate(target: string): boolean {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template) return false;
  fs.cpSync(template, target, { recursive: true });
  return true;
}
