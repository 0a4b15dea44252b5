import { getEnv, siteUrl } from '@/platform/env';
import { accountsConfig, accountsFrontendUrl } from './config';
import { oidcProviderName } from './builtin/oidc.server';

/**
 * The provider sign-in offered on /ucet/prihlaseni: `{base}/connect/{provider}` (docs/protocols.md §1). When the
 * built-in server sends provider sign-ins to a separate front-end (ACCOUNTS_FRONTEND_URL on another origin), the
 * site's own button asks to come back to the site (`callback`), so its sign-in still ends in the site's cookie.
 */
export function providerSignIn(): { name: string; label: string; href: string } | null {
  const cfg = accountsConfig();
  const name = cfg.source === 'builtin' ? oidcProviderName() : (getEnv().STRAPI_AUTH_PROVIDER ?? null);
  if (!name) return null;
  const href = `${cfg.url}${cfg.prefix}/connect/${name}`;
  const elsewhere = cfg.source === 'builtin' && new URL(accountsFrontendUrl()).origin !== new URL(siteUrl()).origin;
  return { name, label: providerLabel(name), href: elsewhere ? `${href}?callback=${encodeURIComponent(`${siteUrl()}/ucet`)}` : href };
}

export function providerLabel(name: string): string {
  const known: Record<string, string> = { google: 'Google', github: 'GitHub', facebook: 'Facebook', microsoft: 'Microsoft', apple: 'Apple', oidc: 'OpenID Connect' };
  return known[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/** Whether `name` is the provider this site accepts callbacks for. */
export function isEnabledProvider(name: string): boolean {
  return providerSignIn()?.name === name;
}
