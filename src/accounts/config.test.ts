import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/platform/env';
import { accountsConfig, parsePopulate } from './config';

const KEYS = ['NODE_ENV', 'SITE_URL', 'AUTH_COOKIE_NAME', 'AUTH_COOKIE_MAX_AGE', 'ACCOUNTS_SOURCE', 'STRAPI_URL', 'STRAPI_VERSION', 'STRAPI_PREFIX', 'STRAPI_USER_POPULATE', 'AUTH_POPULATE', 'ADMIN_ROLE_TYPE', 'PORT'];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function withEnv(env: Record<string, string>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
  resetEnvForTests();
}

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvForTests();
});

describe('accountsConfig', () => {
  it('defaults: built-in server on the site, cookie strapi_jwt, HttpOnly, Lax, path /, 30 days, populate role', () => {
    withEnv({ NODE_ENV: 'production', PORT: '3000' });
    const c = accountsConfig();
    expect(c.source).toBe('builtin');
    expect(c.url).toBe('http://localhost:3000');
    expect(c.prefix).toBe('/api');
    expect(c.cookie).toEqual({ name: 'strapi_jwt', options: { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: 2592000 } });
    expect(c.userPopulate).toEqual({ populate: ['role'] });
    expect(c.adminRoleType).toBe('admin');
  });

  it('cookie name and lifetime come from configuration; Secure in production on https', () => {
    withEnv({ NODE_ENV: 'production', SITE_URL: 'https://foto.example.cz', AUTH_COOKIE_NAME: 'session_jwt', AUTH_COOKIE_MAX_AGE: '3600' });
    expect(accountsConfig().cookie).toEqual({ name: 'session_jwt', options: { httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: 3600 } });
    withEnv({ NODE_ENV: 'development', SITE_URL: 'https://foto.example.cz' });
    expect(accountsConfig().cookie.options.secure).toBe(false);
  });

  it('Strapi mode uses STRAPI_URL + prefix (none for v3) and the configured populate and admin role type', () => {
    withEnv({ ACCOUNTS_SOURCE: 'strapi', STRAPI_URL: 'https://cms.example.cz/', STRAPI_VERSION: 'v4', STRAPI_USER_POPULATE: 'role, avatar', ADMIN_ROLE_TYPE: 'fotograf' });
    const c = accountsConfig();
    expect([c.source, c.url, c.prefix, c.version]).toEqual(['strapi', 'https://cms.example.cz', '/api', 'v4']);
    expect(c.userPopulate).toEqual({ populate: ['role', 'avatar'] });
    expect(c.adminRoleType).toBe('fotograf');
    withEnv({ ACCOUNTS_SOURCE: 'strapi', STRAPI_URL: 'http://cms:1337', STRAPI_VERSION: 'v3' });
    expect(accountsConfig().prefix).toBe('');
  });

  it('ACCOUNTS_SOURCE=strapi without STRAPI_URL is a configuration error', () => {
    withEnv({ ACCOUNTS_SOURCE: 'strapi' });
    expect(() => accountsConfig()).toThrow(/ACCOUNTS_SOURCE=strapi vyžaduje STRAPI_URL/);
  });

  it('parsePopulate', () => {
    expect(parsePopulate('')).toBeUndefined();
    expect(parsePopulate('role')).toEqual({ populate: ['role'] });
  });
});
