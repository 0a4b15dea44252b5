/**
 * Provider sign-in of the built-in server against a real OAuth2/OIDC server (oauth2-mock-server) on loopback:
 * /connect/{provider} → authorize → /connect/{provider}/callback (code + PKCE + state; the ID token's audience and
 * nonce checked) → session cookie and /ucet. Raw access tokens in URLs are refused. For a separate front-end the
 * callback sends the browser there with a single-use code instead, exchanged once at /auth/{provider}/callback.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { SignJWT, generateKeyPair } from 'jose';
import { sql } from 'drizzle-orm';
import { createTestDb } from '@tests/support/test-db';
import { rowsOf, type DbHandle } from '@/db/client';
import { resetEnvForTests } from '@/platform/env';
import { createUser, findUserByEmail, updateUser } from '@/accounts/builtin/repository';
import { providerSignIn } from '@/accounts/providers';
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
  delete process.env.CORS_ORIGINS;
  delete process.env.ACCOUNTS_FRONTEND_URL;
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
  opts: { tamperState?: boolean; dropCookie?: boolean; onAuthorize?: (authorize: URL) => Promise<void>; connect?: string } = {},
): Promise<{ location: URL; cookies: string[] }> {
  const connect = await fetch(opts.connect ?? `${site.url}/api/connect/oidc`, { redirect: 'manual' });
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

describe('OpenID Connect provider for a separate front-end (ACCOUNTS_FRONTEND_URL, CORS_ORIGINS)', () => {
  const FRONT = 'http://front.example.test';
  const OTHER = 'http://druhy.example.test';

  beforeEach(() => {
    Object.assign(process.env, { CORS_ORIGINS: `${FRONT},${OTHER}`, ACCOUNTS_FRONTEND_URL: FRONT });
    resetEnvForTests();
  });

  type Grant = { code_hash: string; provider: string; ttl_ms: number; used: boolean };
  async function grantRow(code: string): Promise<Grant | undefined> {
    const hash = crypto.createHash('sha256').update(code).digest('hex');
    return rowsOf<Grant>(
      await h.db.execute(sql`SELECT code_hash, provider, (extract(epoch FROM expires_at - created_at) * 1000)::int AS ttl_ms, used_at IS NOT NULL AS used
        FROM auth_provider_grants WHERE code_hash = ${hash}`),
    )[0];
  }
  async function grantCount(): Promise<number> {
    return rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM auth_provider_grants WHERE used_at IS NULL`))[0].n;
  }

  function exchange(code: string | null, provider = 'oidc') {
    const query = code === null ? '' : `?access_token=${encodeURIComponent(code)}`;
    return fetch(`${site.url}/api/auth/${provider}/callback${query}`, { headers: { origin: FRONT } });
  }

  async function expectRefused(res: Response, message = 'Invalid or expired access_token', name = 'ApplicationError') {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ data: null, error: { status: 400, name, message, details: {} } });
  }

  /** A whole sign-in through the front-end redirect; returns the code the front-end was sent. */
  async function codeFor(email: string, connect?: string): Promise<{ code: string; location: URL }> {
    userinfo({ sub: 'johndoe', email, email_verified: true });
    const { location, cookies } = await runFlow({ connect });
    // The site sets no session of its own: the front-end gets its token only by exchanging the code.
    expect(sessionFrom(cookies)).toBeNull();
    const code = location.searchParams.get('access_token');
    expect(code).toBeTruthy();
    return { code: code!, location };
  }

  it('sends the browser to the front-end with a single-use code — never a token — that is exchanged once for {jwt, user}', async () => {
    const { code, location } = await codeFor('hoste@example.cz');
    expect(location.origin + location.pathname).toBe(`${FRONT}/connect/oidc/redirect`);
    expect([...location.searchParams.keys()]).toEqual(['access_token']);
    // A random code, not a JWT; stored only hashed, bound to the provider, valid for a minute.
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await grantRow(code);
    expect(row).toMatchObject({ provider: 'oidc', ttl_ms: 60_000, used: false });
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const res = await exchange(code);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(FRONT);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const body = (await res.json()) as { jwt: string; user: { id: number; email: string; provider: string } };
    expect(body.user).toMatchObject({ email: 'hoste@example.cz', provider: 'oidc', confirmed: true, blocked: false });
    const me = await fetch(`${site.url}/api/users/me`, { headers: { authorization: `Bearer ${body.jwt}` } });
    expect(((await me.json()) as { id: number }).id).toBe(body.user.id);

    // Single use: the same code again, even at once, is refused.
    await expectRefused(await exchange(code));
    expect((await grantRow(code))?.used).toBe(true);
  });

  it('a code expires a minute after it was sent', async () => {
    const { code } = await codeFor('hoste@example.cz');
    // The code was sent 61 seconds ago.
    const hash = crypto.createHash('sha256').update(code).digest('hex');
    await h.db.execute(sql`UPDATE auth_provider_grants SET created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds' WHERE code_hash = ${hash}`);
    await expectRefused(await exchange(code));
    expect((await grantRow(code))?.used).toBe(false);
  });

  it('a code counts only for the provider that issued it', async () => {
    const { code } = await codeFor('hoste@example.cz');
    // Another provider configured under another name: its callback does not take this provider's code…
    process.env.OIDC_PROVIDER_NAME = 'jiny';
    resetEnvForTests();
    await expectRefused(await exchange(code, 'jiny'));
    await expectRefused(await exchange(code, 'oidc'), 'This provider is disabled');
    // …and does not use it up: back under its own provider the code still works, once.
    process.env.OIDC_PROVIDER_NAME = 'oidc';
    resetEnvForTests();
    expect((await exchange(code)).status).toBe(200);
  });

  it('refuses forged codes, session tokens, provider tokens and a missing code', async () => {
    const before = await grantCount();
    await expectRefused(await exchange(crypto.randomBytes(32).toString('base64url')));
    await expectRefused(await exchange('x'.repeat(5000)));
    await expectRefused(await exchange(null), 'No access_token.', 'ValidationError');
    // A session token of ours is no code either.
    const { code } = await codeFor('hoste@example.cz');
    const { jwt } = (await (await exchange(code)).json()) as { jwt: string };
    await expectRefused(await exchange(jwt));
    // Nor is a token the provider issued (to us or to anyone).
    const { access_token } = (await (
      await fetch(`${idp.issuer.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('svatebni-web:tajne-heslo-klienta').toString('base64')}` },
        body: 'grant_type=client_credentials&scope=openid',
      })
    ).json()) as { access_token: string };
    await expectRefused(await exchange(access_token));
    expect(await grantCount()).toBe(before);
  });

  it('a front-end of CORS_ORIGINS may name its own redirect (callback); any other is refused before the provider is asked', async () => {
    const callback = `${OTHER}/prihlaseni/hotovo?stav=abc123`;
    const { code, location } = await codeFor('hoste@example.cz', `${site.url}/api/connect/oidc?callback=${encodeURIComponent(callback)}`);
    expect(location.origin + location.pathname).toBe(`${OTHER}/prihlaseni/hotovo`);
    // The front-end's own parameters come back untouched (it can check its own state).
    expect(location.searchParams.get('stav')).toBe('abc123');
    expect((await exchange(code)).status).toBe(200);

    for (const bad of ['https://zly.example.test/connect/oidc/redirect', '//zly.example.test/', 'javascript:alert(1)', `http://jmeno:heslo@${new URL(FRONT).host}/`, `${FRONT}/#x`, 'relativni/cesta']) {
      const res = await fetch(`${site.url}/api/connect/oidc?callback=${encodeURIComponent(bad)}`, { redirect: 'manual' });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('location'), bad).toBeNull();
      expect(res.headers.get('set-cookie'), bad).toBeNull();
      expect(((await res.json()) as { error: { name: string; message: string } }).error, bad).toMatchObject({ name: 'ValidationError', message: 'Invalid callback URL provided' });
    }
  });

  it("the site's own sign-in still ends in the site's cookie and /ucet", async () => {
    const button = providerSignIn();
    expect(button?.href).toBe(`${site.url}/api/connect/oidc?callback=${encodeURIComponent(`${site.url}/ucet`)}`);
    userinfo({ sub: 'johndoe', email: 'hoste@example.cz', email_verified: true });
    const before = await grantCount();
    const { location, cookies } = await runFlow({ connect: button!.href });
    expect(location.href).toBe(`${site.url}/ucet`);
    expect(sessionFrom(cookies)).toBeTruthy();
    expect(await grantCount()).toBe(before);
  });

  it('a failed sign-in tells the front-end so, without a code; a front-end no longer listed gets nothing', async () => {
    userinfo({ sub: 'johndoe', email: 'hoste@example.cz', email_verified: true });
    idToken((p) => (p.aud = 'cizi-aplikace'));
    const failed = await runFlow();
    expect(failed.location.origin + failed.location.pathname).toBe(`${FRONT}/connect/oidc/redirect`);
    expect(failed.location.searchParams.get('error')).toBe('provider_sign_in_failed');
    expect(failed.location.searchParams.get('access_token')).toBeNull();

    // The operator drops the front-end while a sign-in is under way: it ends on the site's page, no code is made.
    const before = await grantCount();
    userinfo({ sub: 'johndoe', email: 'hoste@example.cz', email_verified: true });
    const dropped = await runFlow({
      onAuthorize: async () => {
        process.env.CORS_ORIGINS = OTHER;
        delete process.env.ACCOUNTS_FRONTEND_URL;
        resetEnvForTests();
      },
    });
    expect(dropped.location.href).toBe(`${site.url}/ucet/prihlaseni?chyba=poskytovatel`);
    expect(await grantCount()).toBe(before);
  });

  it('an account blocked after the code was sent does not get a session for it', async () => {
    const { code } = await codeFor('blokovany@example.cz');
    const user = await findUserByEmail(h.db, 'blokovany@example.cz');
    await updateUser(h.db, user!.id, { blocked: true });
    await expectRefused(await exchange(code), 'Your account has been blocked by an administrator');
  });
});
