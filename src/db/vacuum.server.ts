import 'server-only';
import type { DbHandle } from './client';

/** How often the embedded database is vacuumed and analysed. */
export const PGLITE_VACUUM_INTERVAL_MS = 3_600_000;

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum, so no auto-analyse either. Without it, dead row
 * versions from status changes and anonymisation pile up, the visibility map never lets index-only scans skip the
 * table (the admin list's deep pages read the table instead), and the planner works without statistics. The
 * platform's 'pglite vacuum' job calls this once an interval (src/platform/jobs.server.ts). PostgreSQL has its own autovacuum.
 * Returns whether it ran.
 */
export async function vacuumIfDue(handle: DbHandle, last: { at: number }, now = Date.now()): Promise<boolean> {
  if (handle.kind !== 'pglite' || now - last.at < PGLITE_VACUUM_INTERVAL_MS) return false;
  last.at = now;
  // VACUUM cannot run inside a transaction block: exec without one.
  await handle.exec('VACUUM (ANALYZE)');
  return true;
}
