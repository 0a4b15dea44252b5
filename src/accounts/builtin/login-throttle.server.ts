import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';

/**
 * Per-account sign-in throttle, on top of the per-address rate limit: an attacker who rotates addresses still
 * gets only a handful of guesses per account. After FREE_FAILURES consecutive wrong passwords every further
 * attempt must wait, 1 minute doubling up to 15 minutes — a back-off, never a permanent lock-out, so the real
 * owner is at most briefly delayed. A correct password (when not waiting) clears the count. The key is a hash of
 * the lower-cased identifier, so unknown identifiers behave exactly like known ones.
 */
export const FREE_FAILURES = 5;
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 15 * 60_000;
/** A failure streak older than this is forgotten. */
const FORGET_AFTER_MS = 24 * 3600_000;

export function accountKey(identifier: string): string {
  return createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex');
}

export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

/** Seconds the caller must still wait before this identifier may try again (0 = may try now). */
export async function loginWaitSeconds(db: Db, identifier: string, now = Date.now()): Promise<number> {
  const rows = rowsOf<{ locked_until: number | string }>(
    await db.execute(sql`SELECT locked_until FROM auth_login_failures WHERE account_key = ${accountKey(identifier)}`),
  );
  const until = Number(rows[0]?.locked_until ?? 0);
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function recordLoginFailure(db: Db, identifier: string, now = Date.now()): Promise<void> {
  const key = accountKey(identifier);
  const rows = rowsOf<{ failures: number | string }>(
    await db.execute(sql`
      INSERT INTO auth_login_failures (account_key, failures, last_failure) VALUES (${key}, 1, ${now})
      ON CONFLICT (account_key) DO UPDATE SET
        failures = CASE WHEN auth_login_failures.last_failure < ${now - FORGET_AFTER_MS} THEN 1 ELSE auth_login_failures.failures + 1 END,
        last_failure = ${now}
      RETURNING failures`),
  );
  const failures = Number(rows[0]?.failures ?? 1);
  const delay = delayAfter(failures);
  if (delay > 0) {
    await db.execute(sql`UPDATE auth_login_failures SET locked_until = ${now + delay} WHERE account_key = ${key}`);
  }
}

export async function clearLoginFailures(db: Db, identifier: string): Promise<void> {
  await db.execute(sql`DELETE FROM auth_login_failures WHERE account_key = ${accountKey(identifier)}`);
}

export async function pruneLoginFailures(db: Db, now = Date.now()): Promise<void> {
  await db.execute(sql`DELETE FROM auth_login_failures WHERE last_failure < ${now - FORGET_AFTER_MS} AND locked_until < ${now}`);
}
