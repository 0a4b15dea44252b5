/**
 * Provider sign-in of the built-in server against a real OAuth2/OIDC server (oauth2-mock-server) on loopback:
 * /connect/{provider} → authorize → /connect/{provider}/callback (code + PKCE + state + nonce) → the site page
 * with access_token → /auth/{provider}/callback → {jwt, user}.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { createTestDb } from '@tests/support/test-db';
import type { DbHandle } from '@/db/client';
import { resetEnvForTests } from '@/platform/env';
import { createUser } from '@/accounts/builtin/repository';
import { startAccountServer } from '@tests/support/accounts-http';

let h: DbHandle;
let site: { url: string; close: () => Promise<void> };
let idp: OAuth2Server;
const saved = { ...process.env };

beforeAll(async () => {
  h = await createTestDb();
  site = await startAccountServer(h.db);
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
});
afterAll(async () => {
  await idp?.stop();
  await site?.close();
  await h?.close();
  process.env = saved;
  resetEnvForTests();
});
beforeEach(() => {
  Object.assign(process.env, {
    SITE_URL: site.url,
    OIDC_ISSUER: idp.issuer.url,
    OIDC_CLIENT_ID: 'svatebni-web',
    OIDC_CLIENT_SECRET: 'tajne-heslo-klienta',
    OIDC_PROVIDER_NAME: 'oidc',
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT: '1000',
  });
  resetEnvForTests();
});

function userinfo(body: Record<string, unknown>, statusCode = 200) {
  idp.service.once('beforeUserinfo', (res: { body: unknown; statusCode: number }) => {
    res.body = body;
    res.statusCode = statusCode;
  });
}

/** Walks the browser's redirects by hand, keeping the flow cookie. Returns the final site URL with access_token. */
async function runFlow(opts: { tamperState?: boolean; dropCookie?: boolean } = {}): Promise<URL> {
  const connect = await fetch(`${site.url}/api/connect/oidc`, { redirect: 'manual' });
  expect(connect.status).toBe(302);
  const authorize = new URL(connect.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${idp.issuer.url}/authorize`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${site.url}/api/connect/oidc/callback`);
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const cookie = connect.headers.get('set-cookie')!.split(';')[0];
  expect(connect.headers.get('set-cookie')).toMatch(/HttpOnly/);

  const idpAnswer = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(idpAnswer.headers.get('location')!);
  if (opts.tamperState) back.searchParams.set('state', 'forged');
  const callback = await fetch(back, { redirect: 'manual', headers: opts.dropCookie ? {} : { cookie } });
  expect(callback.status).toBe(302);
  return new URL(callback.headers.get('location')!);
}

describe('OpenID Connect provider (built-in mode)', () => {
  it('signs a new user in and creates a confirmed account from the verified e-mail', async () => {
    const landing = await runFlow();
    expect(landing.pathname).toBe('/ucet/prihlaseni/oidc');
    const accessToken = landing.searchParams.get('access_token')!;
    expect(accessToken).toBeTruthy();

    userinfo({ sub: 'johndoe', email: 'Nevesta@Example.cz', email_verified: true, preferred_username: 'nevesta' });
    const res = await fetch(`${site.url}/api/auth/oidc/callback?access_token=${encodeURIComponent(accessToken)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { jwt: string; user: Record<string, unknown> };
    expect(body.user).toMatchObject({ email: 'nevesta@example.cz', provider: 'oidc', confirmed: true, blocked: false, username: 'nevesta' });
    const me = await fetch(`${site.url}/api/users/me`, { headers: { authorization: `Bearer ${body.jwt}` } });
    expect(me.status).toBe(200);

    // The same person again: same account.
    userinfo({ sub: 'johndoe', email: 'nevesta@example.cz', email_verified: true });
    const again = (await (await fetch(`${site.url}/api/auth/oidc/callback?access_token=x`)).json()) as { user: { id: number } };
    expect(again.user.id).toBe(body.user.id);
  });

  it('refuses a forged state or a missing flow cookie', async () => {
    expect((await runFlow({ tamperState: true })).search).toBe('?chyba=poskytovatel');
    expect((await runFlow({ dropCookie: true })).search).toBe('?chyba=poskytovatel');
  });

  it('refuses a rejected token, a missing or unverified e-mail, and an address owned by a local account', async () => {
    const call = async () => fetch(`${site.url}/api/auth/oidc/callback?access_token=abc`).then(async (r) => ({ status: r.status, body: (await r.json()) as { error: { message: string } } }));
    userinfo({ error: 'invalid_token' }, 401);
    expect(await call()).toMatchObject({ status: 400, body: { error: { message: 'Invalid access_token.' } } });
    userinfo({ sub: 'x' });
    expect(await call()).toMatchObject({ status: 400, body: { error: { message: 'Email was not available.' } } });
    userinfo({ sub: 'x', email: 'cizi@example.cz', email_verified: false });
    expect(await call()).toMatchObject({ status: 400, body: { error: { message: 'Email was not available.' } } });
    await createUser(h.db, { username: 'mistni', email: 'mistni@example.cz', passwordHash: null, confirmed: true, roleId: null });
    userinfo({ sub: 'x', email: 'mistni@example.cz', email_verified: true });
    expect(await call()).toMatchObject({ status: 400, body: { error: { message: 'Email is already taken.' } } });
    const missing = await fetch(`${site.url}/api/auth/oidc/callback`);
    expect(missing.status).toBe(400);
  });

  it('any other provider name is disabled', async () => {
    const res = await fetch(`${site.url}/api/connect/google`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This provider is disabled');
  });
});
