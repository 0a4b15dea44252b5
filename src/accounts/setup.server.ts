import 'server-only';
import { getDb } from '@/db/db.server';
import { siteUrl } from '@/platform/env';
import { log } from '@/platform/log';
import { accountsConfig } from './config';
import { adminExists } from './admin';
import { createToken, peekToken } from './builtin/repository';

/** What the /admin/setup page shows: accounts in Strapi, an admin already set up, a bad link, or the form. */
export type SetupState = 'strapi' | 'admin-exists' | 'invalid-link' | 'ready';

export async function setupState(token: string): Promise<SetupState> {
  if (accountsConfig().source !== 'builtin') return 'strapi';
  const db = await getDb();
  if (await adminExists(db)) return 'admin-exists';
  if (!token || !(await peekToken(db, 'admin-setup', token))) return 'invalid-link';
  return 'ready';
}

export const SETUP_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Start-up step: with the built-in account server and no admin yet, print a one-time link where the
 * photographer sets the admin e-mail and password. The code is stored hashed and expires in 24 hours.
 */
export async function announceAdminSetup(): Promise<void> {
  if (accountsConfig().source !== 'builtin') return;
  const db = await getDb();
  if (await adminExists(db)) return;
  const code = await createToken(db, 'admin-setup', null, SETUP_TTL_MS);
  const url = `${siteUrl()}/admin/setup?token=${encodeURIComponent(code)}`;
  process.stdout.write(
    `\n==> Zatím neexistuje žádný administrátor. Nastavte si přístup do administrace na této adrese (platí 24 hodin, jen jednou):\n    ${url}\n    (nebo: npm run admin:create -- --email E --password P)\n\n`,
  );
  log.info('admin setup link printed', { expiresInHours: 24 });
}
