import 'server-only';
import type { Db } from '@/db/client';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { getSiteInfo } from '@/site/public.server';
import { firstEmailWithRole } from './builtin/repository';
import { accountsConfig } from './config';

export type NotifySource = 'settings' | 'env' | 'admin' | 'site';

/**
 * Where new inquiries are announced: the address saved in the admin settings (`photographer.notifyEmail`), else
 * PHOTOGRAPHER_EMAIL, else the first admin's own e-mail (built-in accounts), else the site's public e-mail.
 */
export async function inquiryNotifyAddress(db?: Db): Promise<{ email: string; source: NotifySource }> {
  const saved = getSiteInfo().photographer.notifyEmail;
  if (saved) return { email: saved, source: 'settings' };
  const env = getEnv().PHOTOGRAPHER_EMAIL;
  if (env) return { email: env, source: 'env' };
  if (accountsConfig().source === 'builtin') {
    const admin = await firstEmailWithRole(db ?? (await getDb()), accountsConfig().adminRoleType);
    if (admin) return { email: admin, source: 'admin' };
  }
  return { email: getSiteInfo().photographer.email, source: 'site' };
}
