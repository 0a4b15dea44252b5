/**
 * Accounts end to end in Chromium against the production build: first-start admin setup, the couple's
 * register → confirm (real SMTP) → sign in → change password → sign out, forgot → reset, the admin guard
 * (redirect, 403, sign-in back to `next`), and axe on every account page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { OAuth2Server } from 'oauth2-mock-server';
import { SignJWT, decodeJwt } from 'jose';
import { expectNoAxeViolations, hydrated, launchBrowser, newContext, startServer, startSmtp, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let idp: OAuth2Server;

const JWT_SECRET = 'e2e-secret-for-the-renewal-test-0123456789';
const ADMIN = { email: 'anna@example.cz', password: 'fotka-admin-2025' };
const COUPLE = { email: 'jana.petr@example.cz', password: 'svatba-v-cervnu', newPassword: 'svatba-v-srpnu-1' };

beforeAll(async () => {
  smtp = await startSmtp();
  // A real OpenID provider on loopback; its userinfo tells the site a verified e-mail.
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeUserinfo', (res: { body: unknown }) => {
    res.body = { sub: 'johndoe', email: 'svedek@example.cz', email_verified: true };
  });
  // A truly first start, on an empty data folder: the server runs initdb and every migration itself (other files
  // start from a copy of the migrated database, tests/e2e/global-setup.ts).
  const emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-accounts-'));
  // A generous auth rate limit: this file signs in many times from one address (the limit itself is covered
  // by tests/integration/accounts-protocol.test.ts).
  [server, browser] = await Promise.all([
    startServer({
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT: '100',
      OIDC_ISSUER: idp.issuer.url!,
      OIDC_CLIENT_ID: 'svatebni-web',
      OIDC_CLIENT_SECRET: 'tajne-heslo-klienta',
      OIDC_PROVIDER_NAME: 'oidc',
      // Known secret, so the renewal test can mint a token that is about to expire.
      JWT_SECRET: JWT_SECRET,
    }, { dataDir: emptyDataDir }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  await idp?.stop();
});

function linkFrom(text: string, path: string): string {
  const m = new RegExp(`(https?://[^\\s]+${path.replace(/[?]/g, '\\?')}[^\\s]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[1];
}

async function fill(page: Page, label: string, value: string) {
  await hydrated(page);
  await page.getByLabel(label, { exact: true }).fill(value);
}

async function signIn(page: Page, path: string, email: string, password: string) {
  await page.goto(server.url + path);
  await fill(page, 'E-mail', email);
  await fill(page, 'Heslo', password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}

describe('accounts', () => {
  let adminCtx: BrowserContext;

  it('first start prints a one-time setup link; the photographer creates the admin there', async () => {
    const deadline = Date.now() + 15_000;
    while (!/\/admin\/setup\?token=/.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const link = linkFrom(server.output(), '/admin/setup?token=');
    expect(link.startsWith(`${server.url}/admin/setup?token=`)).toBe(true);

    adminCtx = await newContext(browser, 'desktop');
    const page = await adminCtx.newPage();
    const bad = await page.goto(`${server.url}/admin/setup?token=wrong`);
    expect(bad?.status()).toBe(200);
    await expect(page.getByTestId('setup-state').textContent()).resolves.toContain('neplatný');

    await page.goto(link);
    await expectNoAxeViolations(page);
    await fill(page, 'E-mail', ADMIN.email);
    await fill(page, 'Heslo', ADMIN.password);
    await fill(page, 'Heslo znovu', ADMIN.password);
    await page.getByRole('button', { name: 'Vytvořit administrátora' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/pruvodce');

    // Signed in as admin: the admin home answers 200. The link is spent.
    const home = await page.goto(`${server.url}/admin/ucet`);
    expect(home?.status()).toBe(200);
    await expect(page.getByTestId('admin-email').textContent()).resolves.toContain(ADMIN.email);
    await page.goto(link);
    await expect(page.getByTestId('setup-state').textContent()).resolves.toContain('už je nastavený');
  });

  it('admin pages: anonymous → /admin/login?next=…, sign-in returns to next, non-admins get 403', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/admin/ucet`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/ucet');
    await expectNoAxeViolations(page);

    // Wrong password: Czech message, axe-clean error state.
    await fill(page, 'E-mail', ADMIN.email);
    await fill(page, 'Heslo', 'spatne-heslo');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await expect(page.locator('.form-summary').textContent()).resolves.toContain('Nesprávný e-mail nebo heslo.');
    await expectNoAxeViolations(page);

    await fill(page, 'Heslo', ADMIN.password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/ucet');
    await expect(page.getByTestId('admin-email').textContent()).resolves.toContain(ADMIN.email);

    // An offsite `next` is ignored.
    await ctx.clearCookies();
    await signIn(page, '/admin/login?next=//evil.example/x', ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === '/admin/bookings');
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    expect((await page.goto(`${server.url}/admin/bookings`))?.status()).toBe(200);
    await ctx.close();

    // The default destination /admin/bookings is guarded too.
    const anon = await fetch(`${server.url}/admin/bookings`, { redirect: 'manual' });
    expect(anon.status).toBe(307);
    expect(anon.headers.get('location')).toContain('/admin/login?next=%2Fadmin%2Fbookings');
  });

  it('couple: register → confirmation e-mail → confirm by POST → sign in → change password → sign out', async () => {
    // Two inquiries through the bookings JSON API: one from this couple, one from someone else.
    const inquiry = async (email: string, partner1: string) => {
      const weddingDate = new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString().slice(0, 10);
      const res = await fetch(`${server.url}/api/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ partner1, partner2: 'Petr', email, phone: '+420 608 111 222', weddingDate, venue: 'Zámek Loučeň', town: 'Loučeň', guestCount: 60, consent: true }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { reference: string }).reference;
    };
    const ownReference = await inquiry(COUPLE.email.toUpperCase(), 'Jana');
    const otherReference = await inquiry('cizi.par@example.cz', 'Eva');

    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/ucet/registrace`);
    await expectNoAxeViolations(page);

    // Field errors first (Czech, per field).
    await hydrated(page);
    await page.getByRole('button', { name: 'Založit účet' }).click();
    await expect(page.locator('#email-error').textContent()).resolves.toBe('Vyplňte prosím e-mail.');
    await expectNoAxeViolations(page);

    await fill(page, 'E-mail', COUPLE.email);
    await fill(page, 'Heslo', COUPLE.password);
    await fill(page, 'Heslo znovu', COUPLE.password);
    await page.getByRole('button', { name: 'Založit účet' }).click();
    await expect(page.locator('.notice[role="status"]').textContent()).resolves.toContain('poslala jsem vám odkaz pro potvrzení');

    const mail = await smtp.waitFor((m) => m.to.includes(COUPLE.email) && m.subject === 'Potvrzení e-mailu pro váš účet');
    expect(mail.html).toContain('Potvrdit e-mail');
    const link = linkFrom(mail.text, '/ucet/potvrzeni?confirmation=');
    expect(link.startsWith(`${server.url}/ucet/potvrzeni?confirmation=`)).toBe(true);

    // Opening the link (what a mail scanner does) confirms nothing.
    const scanner = await fetch(link);
    expect(scanner.status).toBe(200);
    const early = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: COUPLE.email, password: COUPLE.password }),
    });
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe('Your account email is not confirmed');

    await page.goto(link);
    await expectNoAxeViolations(page);
    await hydrated(page);
    await page.getByRole('button', { name: 'Potvrdit e-mail' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet/prihlaseni' && u.searchParams.get('potvrzeno') === '1');
    await expect(page.locator('.notice[role="status"]').textContent()).resolves.toContain('e-mail je potvrzený');
    await expectNoAxeViolations(page);

    await fill(page, 'E-mail', COUPLE.email);
    await fill(page, 'Heslo', COUPLE.password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet');
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(COUPLE.email);
    // A matching e-mail alone shows nothing: the inquiry is attached through the link mailed to its address.
    expect(await page.getByTestId('couple-inquiries').count()).toBe(0);
    const reply = await smtp.waitFor((m) => m.to.some((t) => t.toLowerCase() === COUPLE.email) && m.subject.includes(ownReference));
    const claim = linkFrom(reply.text, '/ucet/pripojit-poptavku?t=');
    await page.goto(claim);
    await expectNoAxeViolations(page);
    await hydrated(page);
    await page.getByRole('button', { name: `Připojit poptávku ${ownReference}` }).click();
    await page.waitForURL((u) => u.pathname === '/ucet' && u.searchParams.get('pripojeno') === ownReference);
    // Their own inquiry and never anyone else's.
    const inquiries = await page.getByTestId('couple-inquiries').textContent();
    expect(inquiries).toContain(ownReference);
    expect(inquiries).toContain('Zámek Loučeň');
    expect(inquiries).not.toContain(otherReference);
    await expectNoAxeViolations(page);

    const cookie = (await ctx.cookies()).find((c) => c.name === 'strapi_jwt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    // A couple is not an admin.
    const forbidden = await page.goto(`${server.url}/admin/ucet`);
    expect(forbidden?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Přístup odepřen');
    await expectNoAxeViolations(page);
    expect((await page.goto(`${server.url}/admin/bookings`))?.status()).toBe(403);

    // Change password.
    await page.goto(`${server.url}/ucet/zmena-hesla`);
    await expectNoAxeViolations(page);
    await fill(page, 'Současné heslo', 'spatne-heslo');
    await fill(page, 'Nové heslo', COUPLE.newPassword);
    await fill(page, 'Nové heslo znovu', COUPLE.newPassword);
    await page.getByRole('button', { name: 'Změnit heslo' }).click();
    await expect(page.locator('#currentPassword-error').textContent()).resolves.toBe('Současné heslo není správné.');
    await fill(page, 'Současné heslo', COUPLE.password);
    await fill(page, 'Nové heslo', COUPLE.newPassword);
    await fill(page, 'Nové heslo znovu', COUPLE.newPassword);
    await page.getByRole('button', { name: 'Změnit heslo' }).click();
    await expect(page.locator('.notice[role="status"]').textContent()).resolves.toContain('Heslo bylo změněno');
    await smtp.waitFor((m) => m.to.includes(COUPLE.email) && m.subject === 'Heslo k vašemu účtu bylo změněno');

    // Still signed in with the renewed session.
    await page.goto(`${server.url}/ucet`);
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(COUPLE.email);

    // Sign out.
    await page.getByRole('button', { name: 'Odhlásit se' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet/prihlaseni' && u.searchParams.get('odhlaseno') === '1');
    expect((await ctx.cookies()).find((c) => c.name === 'strapi_jwt')).toBeUndefined();
    await page.goto(`${server.url}/ucet`);
    expect(new URL(page.url()).pathname).toBe('/ucet/prihlaseni');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/ucet');

    // The new password works, the old one does not.
    await signIn(page, '/ucet/prihlaseni', COUPLE.email, COUPLE.password);
    await expect(page.locator('.form-summary').textContent()).resolves.toContain('Nesprávný e-mail nebo heslo.');
    await fill(page, 'Heslo', COUPLE.newPassword);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet');
    await ctx.close();
  });

  it('forgot password → e-mail → reset → signed in; unknown addresses get the same answer', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/ucet/zapomenute-heslo`);
    await expectNoAxeViolations(page);
    await fill(page, 'E-mail', 'nikdo@example.cz');
    await page.getByRole('button', { name: 'Poslat odkaz pro obnovení' }).click();
    const unknownAnswer = await page.locator('.notice[role="status"]').textContent();

    await page.goto(`${server.url}/ucet/zapomenute-heslo`);
    await fill(page, 'E-mail', COUPLE.email);
    await page.getByRole('button', { name: 'Poslat odkaz pro obnovení' }).click();
    await expect(page.locator('.notice[role="status"]').textContent()).resolves.toBe(unknownAnswer);

    const mail = await smtp.waitFor((m) => m.to.includes(COUPLE.email) && m.subject === 'Obnovení hesla k vašemu účtu');
    expect(smtp.messages.some((m) => m.to.includes('nikdo@example.cz'))).toBe(false);
    const link = linkFrom(mail.text, '/ucet/obnova-hesla?code=');
    await page.goto(link);
    await expectNoAxeViolations(page);
    await fill(page, 'Nové heslo', 'po-obnove-heslo-1');
    await fill(page, 'Nové heslo znovu', 'po-obnove-heslo-1');
    await page.getByRole('button', { name: 'Nastavit nové heslo' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet');
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe(COUPLE.email);

    // The link is single-use.
    await ctx.clearCookies();
    await page.goto(link);
    await fill(page, 'Nové heslo', 'jeste-jine-heslo-2');
    await fill(page, 'Nové heslo znovu', 'jeste-jine-heslo-2');
    await page.getByRole('button', { name: 'Nastavit nové heslo' }).click();
    await expect(page.locator('.form-summary').textContent()).resolves.toContain('neplatný nebo už vypršel');
    await ctx.close();
  });

  it('provider sign-in: the button runs the OpenID flow and lands signed in on /ucet', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/ucet/prihlaseni`);
    await page.getByRole('link', { name: 'Přihlásit se přes OpenID Connect' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet');
    await expect(page.getByTestId('account-email').textContent()).resolves.toBe('svedek@example.cz');
    // The provider's access token does not stay in the address bar or history entry we end on.
    expect(page.url()).not.toContain('access_token');
    await ctx.close();
  });

  it('a session within an hour of expiry is renewed on the next request (new cookie)', async () => {
    // The admin (id 1, created by the setup link, password never changed → token version 0).
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ id: 1, ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 30 * 24 * 3600)
      .setExpirationTime(now + 30 * 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const ctx = await newContext(browser, 'desktop');
    await ctx.addCookies([{ name: 'strapi_jwt', value: old, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await ctx.newPage();
    const res = await page.goto(`${server.url}/admin/ucet`);
    expect(res?.status()).toBe(200);
    // The renewed cookie arrives with the page's session check after hydration: wait for it, not for a time.
    const sessionCookie = async () => (await ctx.cookies()).find((c) => c.name === 'strapi_jwt')?.value ?? old;
    await expect.poll(sessionCookie, { timeout: 10_000 }).not.toBe(old);
    const current = await sessionCookie();
    expect(decodeJwt(current).exp).toBeGreaterThan(now + 29 * 24 * 3600);
    // A garbage token is dropped the same way.
    await ctx.clearCookies();
    await ctx.addCookies([{ name: 'strapi_jwt', value: 'garbage', url: server.url, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(`${server.url}/ucet/prihlaseni`);
    await expect.poll(async () => (await ctx.cookies()).some((c) => c.name === 'strapi_jwt'), { timeout: 10_000 }).toBe(false);
    await ctx.close();
  });

  it('the remaining account pages pass axe', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    for (const path of ['/ucet/prihlaseni', '/ucet/potvrzeni', '/ucet/obnova-hesla', '/admin/setup']) {
      const res = await page.goto(server.url + path);
      expect(res?.status(), path).toBe(200);
      await expectNoAxeViolations(page);
    }
    await ctx.close();
    await adminCtx?.close();
  });
});
