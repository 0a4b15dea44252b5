import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { OAuth2Server } from 'oauth2-mock-server';
import { freePort, launchBrowser, newContext, startServer, startSmtp, type RunningServer } from './harness';

/**
 * The built-in account server as a Strapi drop-in for a front-end on another origin (CORS_ORIGINS): the real
 * `strapi-sdk-js` client, bundled for the browser and served from a second origin, runs the whole account flow in
 * Chromium against the production server — register, confirm by the mailed link, sign in by e-mail and username,
 * /users/me with populate, a wrong password, change password (the session that made it stays valid), forgot → reset
 * with the mailed code, resend confirmation, sign-out — and the provider sign-in (a real OpenID provider,
 * oauth2-mock-server): the browser leaves the front-end for /api/connect/{provider}, comes back to the front-end's
 * redirect page with a single-use code, and the SDK exchanges it for the session; the site's own provider button
 * still signs in on the site. A third origin, not listed, is refused by the browser.
 */

let browser: Browser;
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let idp: OAuth2Server;
let front: http.Server;
let frontPort = 0;
/** The listed front-end (another host and port than the site). */
let FRONT = '';
/** The same front-end server reached by a name that is not listed. */
let UNLISTED = '';

const PAGE = '<!doctype html><html lang="cs"><head><meta charset="utf-8"><title>Jiný web</title></head><body><h1>Jiný web</h1><script src="/sdk.js"></script></body></html>';

beforeAll(async () => {
  // strapi-sdk-js as a browser script (its own dependencies: axios, qs, js-cookie, defu, ufo).
  const bundle = await build({
    stdin: { contents: "import Strapi from 'strapi-sdk-js'; window.StrapiSdk = Strapi;", resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  const sdk = bundle.outputFiles[0].text;
  frontPort = await freePort();
  front = http.createServer((req, res) => {
    if (req.url === '/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(sdk);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => front.listen(frontPort, '127.0.0.1', resolve));
  FRONT = `http://localhost:${frontPort}`;
  UNLISTED = `http://127.0.0.1:${frontPort}`;
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  [browser, smtp] = await Promise.all([launchBrowser(), startSmtp()]);
}, 120_000);
beforeAll(async () => {
  server = await startServer({
    SMTP_URL: smtp.url,
    CORS_ORIGINS: FRONT,
    ACCOUNTS_FRONTEND_URL: FRONT,
    AUTH_RATE_LIMIT: '100',
    OIDC_ISSUER: idp.issuer.url!,
    OIDC_CLIENT_ID: 'jiny-web',
    OIDC_CLIENT_SECRET: 'tajne-heslo-klienta',
    OIDC_PROVIDER_NAME: 'oidc',
  });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await idp?.stop();
  await browser?.close();
  await smtp?.stop();
  await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
});

async function frontPage(origin: string): Promise<Page> {
  const ctx = await newContext(browser, 'desktop');
  const page = await ctx.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => 'StrapiSdk' in window);
  return page;
}

function linkParam(text: string, prefix: string, param: string): string {
  const at = text.indexOf(prefix);
  if (at < 0) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  const m = new RegExp(`[?&]${param}=([^\\s&"<]+)`).exec(text.slice(at));
  if (!m) throw new Error(`no ${param} in the link`);
  return decodeURIComponent(m[1]);
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Runs one step in the front-end page with a strapi-sdk-js client for the site (token in localStorage `jwt`).
 * `step` is the body of an async function with `s` (the client) and `arg` in scope.
 */
async function sdk(page: Page, step: string, arg: unknown = null): Promise<Outcome> {
  return page.evaluate(
    async ({ site, step, arg }) => {
      const Sdk = (window as unknown as { StrapiSdk: new (o: unknown) => unknown }).StrapiSdk;
      const s = new Sdk({ url: site, prefix: '/api', store: { key: 'jwt', useLocalStorage: true } });
      try {
        const run = new Function('s', 'arg', `return (async () => { ${step} })();`) as (s: unknown, arg: unknown) => Promise<unknown>;
        return { ok: true as const, value: await run(s, arg) };
      } catch (error) {
        // strapi-sdk-js throws Strapi's envelope (its `details` may hold the whole axios error: not copied).
        const e = error as { data?: unknown; error?: { status?: unknown; name?: unknown; message?: unknown } } | null;
        const inner = e && typeof e === 'object' && e.error && typeof e.error === 'object' ? { status: e.error.status, name: e.error.name, message: e.error.message } : String(error);
        return { ok: false as const, error: { data: e && typeof e === 'object' ? (e.data ?? null) : null, error: inner } };
      }
    },
    { site: server.url, step, arg },
  );
}

describe('strapi-sdk-js from another origin (CORS_ORIGINS)', () => {
  it('runs the whole account flow against the built-in server', async () => {
    const page = await frontPage(FRONT);
    const email = 'klara.frontend@example.cz';
    const username = 'klara-frontend';
    const password = 'Svatba-na-zamku-1';

    const reg = await sdk(page, 'return await s.register(arg);', { username, email, password });
    expect(reg).toMatchObject({ ok: true, value: { user: { email, username, confirmed: false } } });
    const confirmation = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('confirmation='), 60_000);
    const code = linkParam(confirmation.text, `${FRONT}/ucet/potvrzeni?confirmation=`, 'confirmation');
    // The front-end's confirmation page calls the server; its redirect leads back to the front-end.
    const confirmed = await sdk(page, "const r = await fetch(`${s.options.url}/api/auth/email-confirmation?confirmation=${encodeURIComponent(arg)}`, { redirect: 'manual' }); return r.type;", code);
    expect(confirmed).toEqual({ ok: true, value: 'opaqueredirect' });

    const wrong = await sdk(page, 'return await s.login(arg);', { identifier: email, password: 'spatne-heslo-1' });
    expect(wrong).toMatchObject({ ok: false, error: { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password' } } });

    const byName = await sdk(page, 'return await s.login(arg);', { identifier: username, password });
    expect(byName).toMatchObject({ ok: true, value: { jwt: expect.any(String), user: { email } } });
    const other = (byName as { value: { jwt: string } }).value.jwt;
    const byEmail = await sdk(page, "await s.login(arg); return { token: s.getToken(), user: await s.fetchUser({ populate: ['role'] }) };", { identifier: email, password });
    expect(byEmail).toMatchObject({ ok: true, value: { user: { email, confirmed: true, role: { type: 'authenticated' } } } });
    const kept = (byEmail as { value: { token: string } }).value.token;

    // Change password with the current session: it stays valid (as does the answer's jwt), the other session ends.
    const changed = await sdk(page, 'return await s.changePassword(arg);', { currentPassword: password, password: 'Nove-heslo-2026', passwordConfirmation: 'Nove-heslo-2026' });
    expect(changed).toMatchObject({ ok: true, value: { jwt: expect.any(String), user: { email } } });
    const me = "const r = await fetch(`${s.options.url}/api/users/me`, { headers: { authorization: `Bearer ${arg}` } }); return r.status;";
    expect(await sdk(page, me, kept)).toEqual({ ok: true, value: 200 });
    expect(await sdk(page, me, (changed as { value: { jwt: string } }).value.jwt)).toEqual({ ok: true, value: 200 });
    expect(await sdk(page, me, other)).toEqual({ ok: true, value: 401 });
    expect(await sdk(page, "return (await s.fetchUser())?.email ?? null;")).toEqual({ ok: true, value: email });

    // Forgot → reset with the mailed code (the link leads to the front-end); a reset ends every session.
    expect(await sdk(page, 'return await s.forgotPassword(arg);', { email })).toEqual({ ok: true, value: { ok: true } });
    const resetMail = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('code='), 60_000);
    const resetCode = linkParam(resetMail.text, `${FRONT}/ucet/obnova-hesla?code=`, 'code');
    const reset = await sdk(page, "await s.resetPassword(arg); return (await s.fetchUser())?.email ?? null;", { code: resetCode, password: 'Po-obnove-2026', passwordConfirmation: 'Po-obnove-2026' });
    expect(reset).toEqual({ ok: true, value: email });
    expect(await sdk(page, me, kept)).toEqual({ ok: true, value: 401 });

    expect(await sdk(page, 'return await s.sendEmailConfirmation(arg);', { email })).toEqual({ ok: true, value: { email, sent: true } });

    // Sign-out: the SDK forgets the token; the server's logout revokes it.
    const signedOut = await sdk(page, "const t = s.getToken(); await s.request('post', '/auth/logout'); s.logout(); return { t, after: s.getToken() };");
    expect(signedOut).toMatchObject({ ok: true, value: { after: null } });
    expect(await sdk(page, me, (signedOut as { value: { t: string } }).value.t)).toEqual({ ok: true, value: 401 });
    await page.context().close();
  }, 240_000);

  it('signs in through the provider: front-end → /api/connect → provider → the front-end with a single-use code → {jwt, user}', async () => {
    const email = 'provider.frontend@example.cz';
    idp.service.once('beforeUserinfo', (res: { body: unknown; statusCode: number }) => {
      res.body = { sub: 'johndoe', email, email_verified: true, preferred_username: 'provider-frontend' };
      res.statusCode = 200;
    });
    const page = await frontPage(FRONT);
    // The front-end's "sign in with …" button: the tab goes to the server, the provider, and back to the front-end.
    const start = await sdk(page, "window.location.href = s.getProviderAuthenticationUrl('oidc'); return null;");
    expect(start).toEqual({ ok: true, value: null });
    await page.waitForURL((u) => u.origin === FRONT && u.pathname === '/connect/oidc/redirect');
    await page.waitForFunction(() => 'StrapiSdk' in window);
    const landed = new URL(page.url());
    expect([...landed.searchParams.keys()]).toEqual(['access_token']);
    // A random code, not a JWT (no token of the site's or the provider's is ever in the URL).
    expect(landed.searchParams.get('access_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // strapi-sdk-js reads access_token from the page's URL and exchanges it at /api/auth/oidc/callback.
    const signedIn = await sdk(page, "const r = await s.authenticateProvider('oidc'); return { jwt: r.jwt, user: await s.fetchUser() };");
    expect(signedIn).toMatchObject({ ok: true, value: { jwt: expect.any(String), user: { email, provider: 'oidc', username: 'provider-frontend' } } });
    // The site set no session of its own in the browser.
    expect((await page.context().cookies(server.url)).map((c) => c.name)).not.toContain('strapi_jwt');

    // The same code again (a reload of the redirect page) is refused.
    const again = await sdk(page, "return await s.authenticateProvider('oidc');");
    expect(again).toMatchObject({ ok: false, error: { error: { status: 400, name: 'ApplicationError', message: 'Invalid or expired access_token' } } });
    await page.context().close();
  }, 120_000);

  it("the site's own provider button still signs in on the site (cookie, /ucet) while provider sign-ins go to the front-end", async () => {
    const email = 'provider.web@example.cz';
    idp.service.once('beforeUserinfo', (res: { body: unknown; statusCode: number }) => {
      res.body = { sub: 'johndoe', email, email_verified: true };
      res.statusCode = 200;
    });
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/ucet/prihlaseni`);
    await page.getByRole('link', { name: 'Přihlásit se přes OpenID Connect' }).click();
    await page.waitForURL((u) => u.origin === server.url && u.pathname === '/ucet');
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(email);
    expect(page.url()).not.toContain('access_token');
    expect((await ctx.cookies(server.url)).map((c) => c.name)).toContain('strapi_jwt');
    await ctx.close();
  }, 120_000);

  it('an origin not in CORS_ORIGINS is refused by the browser, and by the server without CORS', async () => {
    const page = await frontPage(UNLISTED);
    const login = await sdk(page, 'return await s.login(arg);', { identifier: 'klara.frontend@example.cz', password: 'Po-obnove-2026' });
    // No answer reaches the SDK (how it reports a network failure depends on its axios version: not compared).
    expect(login).toMatchObject({ ok: false, error: { data: null } });
    expect(await sdk(page, 'return s.getToken();')).toEqual({ ok: true, value: null });
    // The browser itself refuses the call: the preflight gets no CORS answer.
    const raw = await sdk(
      page,
      "try { await fetch(`${s.options.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(arg) }); return 'answered'; } catch (e) { return e instanceof TypeError ? 'refused' : String(e); }",
      { identifier: 'klara.frontend@example.cz', password: 'Po-obnove-2026' },
    );
    expect(raw).toEqual({ ok: true, value: 'refused' });
    await page.context().close();
    const res = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: UNLISTED },
      body: JSON.stringify({ identifier: 'klara.frontend@example.cz', password: 'Po-obnove-2026' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers unknown /api paths and methods with JSON errors, never HTML', async () => {
    const unknown = await fetch(`${server.url}/api/neexistuje/nic`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect(await unknown.json()).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    const post = await fetch(`${server.url}/api/neexistuje`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
    const method = await fetch(`${server.url}/api/auth/local`);
    expect(method.status).toBe(405);
    expect(await method.json()).toMatchObject({ data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed' } });
    const put = await fetch(`${server.url}/api/users/me`, { method: 'PUT', headers: { origin: FRONT } });
    expect(put.status).toBe(405);
    expect(put.headers.get('access-control-allow-origin')).toBe(FRONT);
  });
});
