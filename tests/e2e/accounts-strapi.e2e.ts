/**
 * Strapi mode over real HTTP: site B runs with ACCOUNTS_SOURCE=strapi and STRAPI_URL pointing at site A, whose
 * built-in account server speaks the same users-permissions protocol. Every route file of A is checked for the
 * Strapi envelope; B signs couples and the admin in through A (bearer token, populate=role, its own cookie) and
 * keeps its own /api/auth endpoints closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, startServer, type RunningServer } from './harness';

let accountsServer: RunningServer;
let site: RunningServer;
let browser: Browser;

const ADMIN = { email: 'fotografka@example.cz', password: 'strapi-admin-heslo' };
const COUPLE = { email: 'par@example.cz', password: 'strapi-par-heslo' };

async function api(base: string, method: 'GET' | 'POST', path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

beforeAll(async () => {
  // A: the "Strapi" (our built-in server), confirmation off like a default Strapi.
  accountsServer = await startServer({ AUTH_EMAIL_CONFIRMATION: 'false', AUTH_RATE_LIMIT: '200' });
  [site, browser] = await Promise.all([
    startServer({ ACCOUNTS_SOURCE: 'strapi', STRAPI_URL: accountsServer.url, STRAPI_VERSION: 'v5', AUTH_COOKIE_NAME: 'site_session', AUTH_RATE_LIMIT: '200' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), accountsServer?.stop()]);
});

describe('accounts in Strapi mode', () => {
  it("every built-in route file answers in Strapi's envelope", async () => {
    const base = accountsServer.url;
    const cases: [method: 'GET' | 'POST', path: string, status: number, message: string][] = [
      ['POST', '/auth/local', 400, '2 errors occurred'],
      ['POST', '/auth/local/register', 400, '3 errors occurred'],
      ['POST', '/auth/forgot-password', 400, 'email is a required field'],
      ['POST', '/auth/reset-password', 400, '3 errors occurred'],
      ['POST', '/auth/change-password', 403, 'Forbidden'],
      ['POST', '/auth/send-email-confirmation', 400, 'email is a required field'],
      ['GET', '/auth/email-confirmation?confirmation=nope', 400, 'Invalid token'],
      ['GET', '/users/me', 403, 'Forbidden'],
      ['GET', '/connect/github', 400, 'This provider is disabled'],
      ['GET', '/connect/github/callback', 400, 'This provider is disabled'],
      ['GET', '/auth/github/callback?access_token=x', 400, 'This provider is disabled'],
    ];
    for (const [method, path, status, message] of cases) {
      const res = await api(base, method, path, method === 'POST' ? {} : undefined);
      expect([path, res.status, (res.json?.error as { message?: string } | undefined)?.message]).toEqual([path, status, message]);
      expect(res.json?.data).toBeNull();
    }
  });

  it('the site in Strapi mode keeps its own account endpoints closed', async () => {
    const res = await api(site.url, 'POST', '/auth/local', { identifier: 'a', password: 'b' });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: { name: 'NotFoundError' } });
  });

  it('signs a couple in through the remote server and reaches the admin only with the admin role', async () => {
    // Accounts are created on A: the couple through the protocol, the admin with admin:create's function via A's setup link.
    expect((await api(accountsServer.url, 'POST', '/auth/local/register', { username: COUPLE.email, email: COUPLE.email, password: COUPLE.password })).status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (!/\/admin\/setup\?token=/.test(accountsServer.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const setup = /(http:\/\/\S+\/admin\/setup\?token=\S+)/.exec(accountsServer.output())![1];
    const setupCtx = await newContext(browser);
    const setupPage = await setupCtx.newPage();
    await setupPage.goto(setup);
    await setupPage.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
    await setupPage.getByLabel('Heslo', { exact: true }).fill(ADMIN.password);
    await setupPage.getByLabel('Heslo znovu', { exact: true }).fill(ADMIN.password);
    await setupPage.getByRole('button', { name: 'Vytvořit administrátora' }).click();
    await setupPage.waitForURL((u) => u.pathname === '/admin/pruvodce');
    await setupCtx.close();

    // The couple on B.
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(`${site.url}/ucet/prihlaseni`);
    await page.getByLabel('E-mail', { exact: true }).fill(COUPLE.email);
    await page.getByLabel('Heslo', { exact: true }).fill(COUPLE.password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet');
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(COUPLE.email);
    const cookie = (await ctx.cookies()).find((c) => c.name === 'site_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The cookie holds A's jwt: A itself accepts it as a bearer token.
    expect((await api(accountsServer.url, 'GET', '/users/me', undefined, cookie!.value)).status).toBe(200);
    expect((await page.goto(`${site.url}/admin/ucet`))?.status()).toBe(403);
    await ctx.close();

    // The admin on B.
    const adminCtx = await newContext(browser);
    const adminPage = await adminCtx.newPage();
    await adminPage.goto(`${site.url}/admin/login?next=/admin/ucet`);
    await adminPage.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
    await adminPage.getByLabel('Heslo', { exact: true }).fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Přihlásit se' }).click();
    await adminPage.waitForURL((u) => u.pathname === '/admin/ucet');
    await expect(adminPage.getByTestId('admin-email').textContent()).resolves.toContain(ADMIN.email);
    await adminCtx.close();

    // The remote server going away signs nobody in and breaks nothing: the sign-in page still renders.
    await accountsServer.stop();
    const after = await fetch(`${site.url}/ucet/prihlaseni`);
    expect(after.status).toBe(200);
  });
});
