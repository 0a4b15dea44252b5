import 'server-only';
import { getDb, getDbHandle } from '@/db/db.server';
import { vacuumIfDue } from '@/db/vacuum';
import { getEnv } from '@/platform/env';
import { deliverPendingMail } from '@/platform/mail.server';
import { log } from '@/platform/log';
import { pruneRateLimits } from '@/platform/rate-limit';
import { pruneLoginFailures } from '@/accounts/builtin/login-throttle';
import { pruneRevokedTokens } from '@/accounts/builtin/service';
import { pruneClaimTokens } from './claims.server';
import { bookingConfig } from './config';
import { withJobLock } from './repository.server';
import { runMaintenance } from './service.server';

/** Advisory lock id for the bookings maintenance job (shared by every instance on one database). */
export const BOOKINGS_JOB_LOCK = 724_205;
const INTERVAL_MS = 60_000;

const g = globalThis as unknown as { __bookingsScheduler?: NodeJS.Timeout; __lastVacuum?: { at: number } };

/**
 * Once a minute: release expired holds, anonymise closed inquiries past retention, prune old rate-limit windows
 * and retry queued mail; once an hour, vacuum the embedded database (PGlite only).
 * Several instances may run this; `pg_try_advisory_xact_lock` lets one of them do the work per tick, and the
 * lock ends with the transaction, so a crashed instance never leaves it held.
 */
export async function bookingsTick(now = new Date()): Promise<void> {
  const db = await getDb();
  const config = bookingConfig(getEnv());
  await withJobLock(db, BOOKINGS_JOB_LOCK, async (tx) => {
    await runMaintenance(tx, config, now);
    // Rate-limit windows older than a day are never read again (every limiter's window is shorter).
    await pruneRateLimits(tx, 86_400_000, now.getTime());
    await pruneLoginFailures(tx, now.getTime());
    await pruneRevokedTokens(tx, now.getTime());
    await pruneClaimTokens(tx, now);
  });
  // Mail rows are claimed one by one, so any instance may retry them.
  await deliverPendingMail(db);
  // The embedded database has no autovacuum: vacuum and analyse it once an hour (the first tick after start too).
  await vacuumIfDue(await getDbHandle(), (g.__lastVacuum ??= { at: 0 }), now.getTime());
}

export function startBookingsScheduler(): void {
  if (g.__bookingsScheduler) return;
  const run = () =>
    bookingsTick().catch((err: unknown) => {
      log.warn('bookings maintenance tick failed; retrying next minute', { err });
    });
  g.__bookingsScheduler = setInterval(run, INTERVAL_MS);
  g.__bookingsScheduler.unref();
  // First run shortly after start, not during it.
  setTimeout(run, 5_000).unref();
}
