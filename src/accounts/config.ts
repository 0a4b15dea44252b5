import { getEnv, siteUrl } from '@/platform/env';

export type StrapiVersion = 'v3' | 'v4' | 'v5';

/** Everything the accounts code reads from configuration, resolved once per call from the validated env. */
export interface AccountsConfig {
  source: 'builtin' | 'strapi';
  /** Server URL without prefix (`STRAPI_URL`, or the site itself for the built-in server). */
  url: string;
  /** Path prefix (`/api`; Strapi v3 has none). */
  prefix: string;
  version: StrapiVersion;
  /** Query params sent with GET /users/me, e.g. `{ populate: ['role'] }`. */
  userPopulate: { populate: string[] } | undefined;
  adminRoleType: string;
  emailConfirmation: boolean;
  cookie: {
    name: string;
    options: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/'; maxAge: number };
  };
  /** Session lifetime in seconds (cookie max-age = JWT lifetime). */
  sessionSeconds: number;
}

export function parsePopulate(value: string): { populate: string[] } | undefined {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length ? { populate: parts } : undefined;
}

export function accountsConfig(): AccountsConfig {
  const env = getEnv();
  const site = siteUrl();
  const strapi = env.ACCOUNTS_SOURCE === 'strapi' ? env.STRAPI_URL : undefined;
  return {
    source: strapi ? 'strapi' : 'builtin',
    url: strapi ? strapi.replace(/\/+$/, '') : site,
    // v3 has no prefix; an explicitly configured prefix still wins for v4/v5.
    prefix: strapi ? (env.STRAPI_VERSION === 'v3' ? '' : env.STRAPI_PREFIX) : '/api',
    version: strapi ? env.STRAPI_VERSION : 'v5',
    userPopulate: parsePopulate(env.STRAPI_USER_POPULATE ?? env.AUTH_POPULATE),
    adminRoleType: env.ADMIN_ROLE_TYPE,
    emailConfirmation: env.AUTH_EMAIL_CONFIRMATION,
    cookie: {
      name: env.AUTH_COOKIE_NAME,
      options: {
        httpOnly: true,
        sameSite: 'lax',
        secure: env.NODE_ENV === 'production' && site.startsWith('https:'),
        path: '/',
        maxAge: env.AUTH_COOKIE_MAX_AGE,
      },
    },
    sessionSeconds: env.AUTH_COOKIE_MAX_AGE,
  };
}

/**
 * Where account links lead (mailed reset and confirmation links, the confirmation redirect): ACCOUNTS_FRONTEND_URL —
 * the site by default, or a separate front-end listed in CORS_ORIGINS (checked at start-up) that serves the same
 * account paths (`/ucet/obnova-hesla?code=…`, `/ucet/potvrzeni?confirmation=…`, `/ucet/prihlaseni`, …). On another
 * origin it is also where provider sign-ins end: `{it}/connect/{provider}/redirect?access_token=<single-use code>`
 * (builtin/oidc.server.ts).
 */
export function accountsFrontendUrl(): string {
  return (getEnv().ACCOUNTS_FRONTEND_URL ?? siteUrl()).replace(/\/+$/, '');
}
