import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';

/** Of the given addresses, those whose wedding falls on or after `sinceDate`: the bookings domain answers it. */
export type WeddingsSince = (db: Db, emails: readonly string[], sinceDate: string) => Promise<Set<string>>;

/**
 * The privacy notice's promise about couples' accounts, kept by the accounts job (src/accounts/jobs.server.ts):
 * an account is deleted once `months` have passed both since the couple's wedding (the latest wedding date of the
 * inquiries sent from the account's e-mail) and since the account's last activity (sign-in, registration, password
 * change). An account with no dated inquiry is deleted `months` after its last activity. The photographer's
 * account (role `adminRoleType`) is never deleted. Single-use tokens go with it (ON DELETE CASCADE).
 * The wedding dates belong to the bookings domain, asked through `weddingsSince`.
 */
export async function deleteInactiveAccounts(
  db: Db,
  opts: { months: number; adminRoleType: string; weddingsSince: WeddingsSince },
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - opts.months);
  // Wedding dates are calendar days in Prague.
  const cutoffDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(cutoff);
  const idle = sql`NOT EXISTS (SELECT 1 FROM auth_roles r WHERE r.id = u.role_id AND r.type = ${opts.adminRoleType})
      AND greatest(u.created_at, u.updated_at, coalesce(u.last_active_at, u.created_at)) < ${cutoff.toISOString()}::timestamptz`;
  const candidates = rowsOf<{ id: number; email: string }>(await db.execute(sql`SELECT u.id, u.email FROM auth_users u WHERE ${idle}`));
  if (candidates.length === 0) return 0;
  const married = await opts.weddingsSince(db, candidates.map((c) => c.email), cutoffDate);
  const ids = candidates.filter((c) => !married.has(c.email.toLowerCase())).map((c) => c.id);
  if (ids.length === 0) return 0;
  // The idle condition is checked again: a sign-in between the two statements keeps the account.
  const result = await db.execute(sql`
    DELETE FROM auth_users u
    WHERE u.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND ${idle}
    RETURNING u.id`);
  return rowsOf<{ id: number }>(result).length;
}
