// Names of database copies, apart from src/db/dump.ts so the backup command can use them without loading PGlite.
export type DumpKind = 'pglite' | 'postgres';

/** The file name of a whole-database copy, by database kind (inside a backup: `database/<name>`). */
export const DUMP_FILE: Record<DumpKind, string> = { pglite: 'pglite.tar', postgres: 'postgres.dump' };

/** A time as it appears in file names, sorting by time (no ':' or '.'): `2026-11-25T12-00-00-000Z`. */
export function stampForFile(d = new Date()): string {
  return d.toISOString().replace(/[:.]/g, '-');
}
