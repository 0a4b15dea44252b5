/**
 * Provider sign-in of the built-in server against a real OAuth2/OIDC server (oauth2-mock-server) on loopback:
 * /connect/{provider} → authorize → /connect/{provider}/callback (code + PKCE + state; the ID token's audience and
 * nonce checked) → session cookie and /ucet. Raw access tokens in URLs are refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { SignJWT, generateKeyPair } from 'jose';
import { createTestDb } from '@tests/support/test-db';
import type { DbHandle } from '@/db/client';
import { resetEnvForTests } from '@/platform/env';
import { createUser, findUserByEmail } from '@/accounts/builtin/repository';
import { AdminPromotionError, createOrPromoteAdmin } from '@/accounts/admin';
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
  // A hook a failed flow never reached must not leak into the next test.
  idp.service.removeAllListeners('beforeUserinfo');
  idp.service.removeAllListeners('beforeTokenSigning');
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

function idToken(change: (payload: Record<string, unknown>) => void) {
  const handler = (token: { payload: Record<string, unknown> }) => {
    // The ID token is the one with a nonce (access tokens carry none).
    if (token.payload.nonce === undefined) return;
    change(token.payload);
    idp.service.off('beforeTokenSigning', handler);
  };
  idp.service.on('beforeTokenSigning', handler);
}

/** Walks the browser's redirects by hand, keeping the flow cookie. Returns where the site sends the browser, and its cookies. */
async function runFlow(
  opts: { tamperState?: boolean; dropCookie?: boolean; onAuthorize?: (authorize: URL) => Promise<void> } = {},
): Promise<{ location: URL; cookies: string[] }> {
  const connect = await fetch(`${site.url}/api/connect/oidc`, { redirect: 'manual' });
  expect(connect.status).toBe(302);
  const authorize = new URL(connect.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${idp.issuer.url}/authorize`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${site.url}/api/connect/oidc/callback`);
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const cookie = connect.headers.get('set-cookie')!.split(';')[0];
  expect(connect.headers.get('set-cookie')).toMatch(/HttpOnly/);
  await opts.onAuthorize?.(authorize);

  const idpAnswer = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(idpAnswer.headers.get('location')!);
  if (opts.tamperState) back.searchParams.set('state', 'forged');
  const callback = await fetch(back, { redirect: 'manual', headers: opts.dropCookie ? {} : { cookie } });
  expect(callback.status).toBe(302);
  return { location: new URL(callback.headers.get('location')!), cookies: callback.headers.getSetCookie() };
}

function sessionFrom(cookies: string[]): string | null {
  const c = cookies.find((x) => x.startsWith('strapi_jwt='));
  return c ? c.split(';')[0].slice('strapi_jwt='.length) : null;
}

describe('OpenID Connect provider (built-in mode)', () => {
  it('signs a new user in from the checked ID token and sets the session cookie — no token in any URL', async () => {
    userinfo({ sub: 'johndoe', email: 'Nevesta@Example.cz', email_verified: true, preferred_username: 'nevesta' });
    const { location, cookies } = await runFlow();
    expect(location.href).toBe(`${site.url}/ucet`);
    const jwt = sessionFrom(cookies);
    expect(jwt).toBeTruthy();
    expect(cookies.find((c) => c.startsWith('strapi_jwt='))).toMatch(/HttpOnly; SameSite=Lax/);
    const me = await fetch(`${site.url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { id: number };
    expect(body).toMatchObject({ email: 'nevesta@example.cz', provider: 'oidc', confirmed: true, blocked: false, username: 'nevesta' });

    // The same person again: same account.
    userinfo({ sub: 'johndoe', email: 'nevesta@example.cz', email_verified: true });
    const again = sessionFrom((await runFlow()).cookies);
    const me2 = (await (await fetch(`${site.url}/api/users/me`, { headers: { authorization: `Bearer ${again}` } })).json()) as { id: number };
    expect(me2.id).toBe(body.id);
  });

  it('refuses an ID token issued to another application, or with another nonce', async () => {
    userinfo({ sub: 'johndoe', email: 'nevesta@example.cz', email_verified: true });
    idToken((p) => (p.aud = 'cizi-aplikace'));
    const foreign = await runFlow();
    expect(foreign.location.search).toBe('?chyba=poskytovatel');
    expect(sessionFrom(foreign.cookies)).toBeNull();

    userinfo({ sub: 'johndoe', email: 'nevesta@example.cz', email_verified: true });
    idToken((p) => (p.nonce = 'jina-nonce'));
    const replayed = await runFlow();
    expect(replayed.location.search).toBe('?chyba=poskytovatel');
    expect(sessionFrom(replayed.cookies)).toBeNull();
  });

  it('checks the ID token\'s signature against the provider\'s keys: a token signed by another key is refused', async () => {
    const [{ kid }] = idp.issuer.keys.toJSON() as { kid: string }[];
    const { privateKey: foreignKey } = await generateKeyPair('RS256');
    /** The provider's token answer carries `idToken(nonce)` instead of the ID token it signed. */
    const replaceIdToken = (idToken: (nonce: string) => Promise<string>) => async (authorize: URL) => {
      const token = await idToken(authorize.searchParams.get('nonce')!);
      idp.service.once('beforeResponse', (res: { body: Record<string, unknown> }) => {
        res.body.id_token = token;
      });
    };
    const claims = (nonce: string) => ({ sub: 'padelek', nonce, email: 'padelek@example.cz', email_verified: true });

    // Everything right — issuer, audience, nonce, expiry, even the provider's key id — but signed by another key.
    const forged = await runFlow({
      onAuthorize: replaceIdToken((nonce) =>
        new SignJWT(claims(nonce))
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(idp.issuer.url!)
          .setAudience('svatebni-web')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(foreignKey),
      ),
    });
    expect(forged.location.search).toBe('?chyba=poskytovatel');
    expect(sessionFrom(forged.cookies)).toBeNull();
    expect(await findUserByEmail(h.db, 'padelek@example.cz')).toBeNull();

    // The same claims signed by the provider's own key sign in: it was the signature that was refused.
    const genuine = await runFlow({
      onAuthorize: replaceIdToken((nonce) =>
        idp.issuer.buildToken({
          scopesOrTransform: (_header, payload) => {
            Object.assign(payload, claims(nonce), { aud: 'svatebni-web' });
          },
        }),
      ),
    });
    expect(genuine.location.href).toBe(`${site.url}/ucet`);
    expect(sessionFrom(genuine.cookies)).toBeTruthy();
  });

  it('never takes someone else\'s address as a username from the provider (preferred_username)', async () => {
    userinfo({ sub: 'johndoe', email: 'kamarad@example.cz', email_verified: true, preferred_username: 'cizi-adresa@example.cz' });
    const { cookies } = await runFlow();
    expect(sessionFrom(cookies)).toBeTruthy();
    const user = await findUserByEmail(h.db, 'kamarad@example.cz');
    expect(user?.username).toBe('kamarad@example.cz');
  });

  it('does not accept raw access tokens in URLs, not even a valid one', async () => {
    const { access_token } = (await (
      await fetch(`${idp.issuer.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('jina-aplikace:tajne').toString('base64')}` },
        body: 'grant_type=client_credentials&scope=openid',
      })
    ).json()) as { access_token: string };
    expect(access_token).toBeTruthy();
    userinfo({ sub: 'johndoe', email: 'nevesta@example.cz', email_verified: true });
    const res = await fetch(`${site.url}/api/auth/oidc/callback?access_token=${encodeURIComponent(access_token)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { jwt?: string }).jwt).toBeUndefined();
  });

  it('refuses a forged state or a missing flow cookie', async () => {
    expect((await runFlow({ tamperState: true })).location.search).toBe('?chyba=poskytovatel');
    expect((await runFlow({ dropCookie: true })).location.search).toBe('?chyba=poskytovatel');
  });

  it('refuses a missing, unverified or unconfirmed-as-verified e-mail, another subject, and an address owned by a local account', async () => {
    for (const info of [
      { sub: 'johndoe' },
      { sub: 'johndoe', email: 'cizi@example.cz', email_verified: false },
      // No email_verified at all is not a yes.
      { sub: 'johndoe', email: 'cizi@example.cz' },
      // A userinfo answer about somebody else than the ID token's subject.
      { sub: 'nekdo-jiny', email: 'cizi@example.cz', email_verified: true },
    ]) {
      userinfo(info);
      const r = await runFlow();
      expect(r.location.search, JSON.stringify(info)).toBe('?chyba=poskytovatel');
      expect(sessionFrom(r.cookies)).toBeNull();
    }
    await createUser(h.db, { username: 'mistni', email: 'mistni@example.cz', passwordHash: null, confirmed: true, roleId: null });
    userinfo({ sub: 'johndoe', email: 'mistni@example.cz', email_verified: true });
    expect((await runFlow()).location.search).toBe('?chyba=poskytovatel');
  });

  it('never promotes a provider account to admin by its e-mail', async () => {
    userinfo({ sub: 'johndoe', email: 'svedek@example.cz', email_verified: true });
    expect(sessionFrom((await runFlow()).cookies)).toBeTruthy();
    await expect(createOrPromoteAdmin(h.db, { email: 'svedek@example.cz', password: 'heslo-admina-1' })).rejects.toBeInstanceOf(AdminPromotionError);
    const user = await findUserByEmail(h.db, 'svedek@example.cz');
    expect(user?.role?.type).not.toBe('admin');
    expect(user?.passwordHash).toBeNull();
  });

  it('any other provider name is disabled', async () => {
    const res = await fetch(`${site.url}/api/connect/google`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This provider is disabled');
  });
});
