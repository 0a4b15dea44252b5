import 'server-only';
import type { Db } from '@/db/client';
import { deleteOwnedMails } from '@/platform/mail-outbox.server';
import { accountsConfig } from './config';
import { deleteUserById, findUserByEmail } from './builtin/repository';
import type { AccountKey } from './account-key.server';

/**
 * A couple's built-in account in the photographer's GDPR export and erasure (the privacy notice promises both). With
 * accounts kept in a Strapi (`ACCOUNTS_SOURCE=strapi`) the site holds no account data: the answer says so, and the
 * account is deleted in that Strapi.
 */
export interface AccountPersonalData {
  source: 'builtin' | 'strapi';
  account: {
    key: AccountKey;
    username: string;
    email: string;
    provider: string;
    confirmed: boolean;
    blocked: boolean;
    role: string | null;
    createdAt: Date;
    lastActiveAt: Date | null;
  } | null;
}

export async function accountDataForEmail(db: Db, email: string): Promise<AccountPersonalData> {
  const source = accountsConfig().source;
  if (source !== 'builtin') return { source, account: null };
  const u = await findUserByEmail(db, email.trim().toLowerCase());
  if (!u) return { source, account: null };
  return {
    source,
    account: {
      key: `builtin:${u.id}`,
      username: u.username,
      email: u.email,
      provider: u.provider,
      confirmed: u.confirmed,
      blocked: u.blocked,
      role: u.role?.type ?? null,
      createdAt: u.createdAt,
      lastActiveAt: u.lastActiveAt,
    },
  };
}

/**
 * Deletes the built-in account of `email` and its mails (its tokens cascade); never the photographer's own account.
 * Returns the deleted account's key (its claims of inquiries are the bookings domain's to delete), or null.
 */
export async function deleteAccountByEmail(db: Db, email: string): Promise<{ key: AccountKey | null; refusedAdmin: boolean }> {
  if (accountsConfig().source !== 'builtin') return { key: null, refusedAdmin: false };
  const u = await findUserByEmail(db, email.trim().toLowerCase());
  if (!u) return { key: null, refusedAdmin: false };
  if (u.role?.type === accountsConfig().adminRoleType) return { key: null, refusedAdmin: true };
  return db.transaction(async (tx) => {
    if (!(await deleteUserById(tx, u.id))) return { key: null, refusedAdmin: false };
    await deleteOwnedMails(tx, { kindPrefix: 'account-', relatedIds: [String(u.id)] });
    return { key: `builtin:${u.id}` as AccountKey, refusedAdmin: false };
  });
}
