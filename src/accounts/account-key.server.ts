import 'server-only';
import { accountsConfig } from './config';
import type { SessionUser } from './session-user';

/** A stable name for an account across account servers: `builtin:<id>` or `strapi:<id>` (e.g. who owns an inquiry). */
export type AccountKey = `${'builtin' | 'strapi'}:${string}`;

export function accountKey(user: Pick<SessionUser, 'id'>): AccountKey {
  return `${accountsConfig().source}:${String(user.id)}`;
}
