import 'server-only';
import { cookies } from 'next/headers';
import { getDb } from '@/db/db.server';
import { accountsConfig } from './config';
import { serverClient } from './session.server';
import { isDueForRenewal, issueJwt } from './builtin/jwt.server';
import { authenticateToken } from './builtin/service.server';

/** Whether the session cookie of this request is due for renewal (built-in server only; Strapi has no refresh). */
export async function sessionNeedsRenewal(): Promise<boolean> {
  const cfg = accountsConfig();
  if (cfg.source !== 'builtin') return false;
  const token = (await cookies()).get(cfg.cookie.name)?.value;
  return Boolean(token && isDueForRenewal(token));
}

/**
 * Runs where cookies are writable (server action / route handler): a token that no longer loads a user is
 * deleted; a valid built-in token with less than an hour left is replaced by a fresh one.
 */
export async function renewSession(): Promise<'none' | 'cleared' | 'renewed' | 'kept'> {
  const cfg = accountsConfig();
  const client = await serverClient();
  const token = await client.getToken();
  if (!token) return 'none';
  const user = await client.fetchUser(); // clears the cookie on failure
  if (!user) return 'cleared';
  if (cfg.source !== 'builtin' || !isDueForRenewal(token)) return 'kept';
  const db = await getDb();
  const row = await authenticateToken(db, token);
  if (!row) {
    await client.setToken(null);
    return 'cleared';
  }
  await client.setToken(await issueJwt(db, row, cfg.sessionSeconds));
  return 'renewed';
}
