import { makePgliteTemplate } from './support/pglite-template';

/**
 * One migrated, empty PGlite folder for the run (tests/support/pglite-template.ts): createTestDb copies it instead
 * of running initdb and every migration again for each test file (seconds of CPU each).
 */
export default function setup(): Promise<() => void> {
  return makePgliteTemplate();
}
