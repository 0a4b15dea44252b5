import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbHandle } from '@/db/client';

/**
 * Scheduled work (hold expiry, retention, mail retries) must run once across all instances, not once per
 * instance. On PostgreSQL a transaction-scoped advisory lock (`pg_try_advisory_xact_lock(hashtext(name))`)
 * decides; it is released when the transaction ends, even if the process dies. PGlite is single-instance by
 * design (one process per data dir), so there only an in-process guard stops overlapping runs.
 */
export type ExclusiveResult<T> = { ran: true; value: T } | { ran: false };

const g = globalThis as unknown as { __exclusiveRunning?: Set<string> };

export async function runExclusive<T>(handle: Pick<DbHandle, 'db' | 'kind'>, name: string, fn: () => Promise<T>): Promise<ExclusiveResult<T>> {
  const running = (g.__exclusiveRunning ??= new Set<string>());
  if (running.has(name)) return { ran: false };
  running.add(name);
  try {
    if (handle.kind !== 'postgres') return { ran: true, value: await fn() };
    // The lock lives as long as this transaction; `fn` does its work on other pool connections.
    return await handle.db.transaction(async (tx) => {
      const rows = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext(${'job:' + name})) AS locked`));
      if (!rows[0]?.locked) return { ran: false } as const;
      return { ran: true, value: await fn() } as const;
    });
  } finally {
    running.delete(name);
  }
}
