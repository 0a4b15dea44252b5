import { getEnv } from '@/platform/env';
import { accountsConfig } from './config';
import { oidcProviderName } from './builtin/oidc.server';

/** The provider sign-in offered on /ucet/prihlaseni: `{base}/connect/{provider}` (docs/protocols.md §1). */
export function providerSignIn(): { name: string; label: string; href: string } | null {
  const cfg = accountsConfig();
  const name = cfg.source === 'builtin' ? oidcProviderName() : (getEnv().STRAPI_AUTH_PROVIDER ?? null);
  if (!name) return null;
  return { name, label: providerLabel(name), href: `${cfg.url}${cfg.prefix}/connect/${name}` };
}

export function providerLabel(name: string): string {
  const known: Record<string, string> = { google: 'Google', github: 'GitHub', facebook: 'Facebook', microsoft: 'Microsoft', apple: 'Apple', oidc: 'OpenID Connect' };
  return known[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/** Whether `name` is the provider this site accepts callbacks for. */
export function isEnabledProvider(name: string): boolean {
  return providerSignIn()?.name === name;
}
