import 'server-only';
import { createHmac } from 'node:crypto';
import type { Db } from '@/db/client';
import { log } from '@/platform/log';
import { hitRateLimit } from '@/platform/rate-limit.server';
import { jwtSecret } from './jwt.server';

/**
 * Mails anyone can make the account server send to an address (reset links, confirmation links, "this address
 * already has an account", "this username is taken") are capped per recipient, whatever client asks and however
 * many addresses it comes from: forgotten-password or resend forms must not become a way to flood a mailbox.
 * Like the inquiry auto-replies: 3 a day per recipient, per kind. The answers never change (no enumeration);
 * over the budget the mail is simply not sent and the link mailed last keeps working.
 */
export const ACCOUNT_MAILS_PER_RECIPIENT = 3;
export const ACCOUNT_MAIL_WINDOW_MS = 24 * 3600_000;

export type AccountMailKind = 'reset' | 'confirmation' | 'notice';

/** The rate-limit bucket of one recipient: the address by a keyed hash, so the table holds no e-mail addresses. */
export async function recipientBucket(db: Db, kind: AccountMailKind, email: string): Promise<string> {
  const recipient = createHmac('sha256', await jwtSecret(db)).update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
  return `account-mail:${kind}:${recipient}`;
}

/** True when one more mail of this kind may go to this address now (and counts it). */
export async function recipientBudget(db: Db, kind: AccountMailKind, email: string): Promise<boolean> {
  const result = await hitRateLimit(db, await recipientBucket(db, kind, email), ACCOUNT_MAILS_PER_RECIPIENT, ACCOUNT_MAIL_WINDOW_MS);
  if (!result.allowed) log.warn('account mail skipped: recipient budget spent', { kind });
  return result.allowed;
}

/**
 * Runs mail work after the answer has been sent: whether an address has an account must not show in how long the
 * answer takes (token, outbox row and the budget's counter are written only for existing accounts).
 */
export function afterAnswer(what: string, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((err: unknown) => log.error(`${what}: mail work failed`, { err }));
  });
}
