import { makePgliteTemplate } from '../support/pglite-template';

/**
 * One migrated, empty embedded database for the whole run (tests/support/pglite-template.ts). A server started on
 * a new data folder spends most of its start-up (≈5 s of CPU on a 2-core machine) on PGlite's initdb and the
 * migrations; the harness copies this folder into each new data folder instead (tests/e2e/harness.ts, newDataDir).
 * The first start on a truly empty folder stays covered: tests/e2e/accounts.e2e.ts starts its server on one, the
 * reliability suite's servers start on empty folders, and src/db/client.test.ts opens one.
 */
export default function setup(): Promise<() => void> {
  return makePgliteTemplate();
}
