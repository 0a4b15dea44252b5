import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';

/**
 * The privacy notice's promise about couples' accounts, kept by the accounts job (src/accounts/jobs.server.ts):
 * an account is deleted once `months` have passed both since the couple's wedding (the latest wedding date of the
 * inquiries sent from the account's e-mail) and since the account's last activity (sign-in, registration, password
 * change). An account with no dated inquiry is deleted `months` after its last activity. The photographer's
 * account (role `adminRoleType`) is never deleted. Single-use tokens go with it (ON DELETE CASCADE).
 */
export async function deleteInactiveAccounts(
  db: Db,
  opts: { months: number; adminRoleType: string },
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - opts.months);
  // Wedding dates are calendar days in Prague.
  const cutoffDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(cutoff);
  const result = await db.execute(sql`
    DELETE FROM auth_users u
    WHERE NOT EXISTS (SELECT 1 FROM auth_roles r WHERE r.id = u.role_id AND r.type = ${opts.adminRoleType})
      AND greatest(u.created_at, u.updated_at, coalesce(u.last_active_at, u.created_at)) < ${cutoff.toISOString()}::timestamptz
      AND NOT EXISTS (
        SELECT 1 FROM inquiries i
        WHERE lower(i.email) = lower(u.email) AND i.wedding_date IS NOT NULL AND i.wedding_date >= ${cutoffDate}::date
      )
    RETURNING u.id`);
  return rowsOf<{ id: number }>(result).length;
}
