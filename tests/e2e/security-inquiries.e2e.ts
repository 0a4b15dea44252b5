/**
 * Inquiries are visible only to whoever proved control of the mailbox after the inquiry existed, while signed in
 * — in Chromium against the production build, with real SMTP. The attacker registers the
 * couple's address first (AUTH_EMAIL_CONFIRMATION=false: no confirmation needed at all) and sees nothing; the
 * couple takes the account over by setting their own password through their mailbox, which ends the attacker's
 * session, and attaches the inquiry with the link from the auto-reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, hydrated, launchBrowser, newQuietContext, startServer, startSmtp, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const VICTIM = 'obet.par@example.cz';

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url, AUTH_EMAIL_CONFIRMATION: 'false', AUTH_RATE_LIMIT: '100' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

function linkFrom(text: string, path: string): string {
  const m = new RegExp(`(https?://[^\\s]+${path.replace(/[?]/g, '\\?')}[^\\s]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[1];
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/ucet/prihlaseni`);
  await hydrated(page);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Heslo', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await page.waitForURL((u) => u.pathname === '/ucet');
}

describe('inquiries in the couple account', () => {
  it('an account with a matching e-mail sees nothing; the mailbox owner attaches the inquiry by its link', async () => {
    // The attacker registers the couple's address with their own password.
    const reg = await fetch(`${server.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: VICTIM, email: VICTIM, password: 'heslo-utocnika-1' }),
    });
    expect(reg.status).toBe(200);
    // Then the couple sends their inquiry.
    const weddingDate = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${server.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ partner1: 'Jana', partner2: 'Petr', email: VICTIM, phone: '+420 608 111 222', weddingDate, venue: 'Zámek Kratochvíle', town: 'Netolice', guestCount: 70, consent: true }),
    });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };

    const attacker = await (await newQuietContext(browser, server.url)).newPage();
    await signIn(attacker, VICTIM, 'heslo-utocnika-1');
    expect(await attacker.getByTestId('couple-inquiries').count()).toBe(0);
    expect(await attacker.textContent('main')).not.toContain(reference);
    // Asking for links sends them to the mailbox, never to the page.
    await hydrated(attacker, 'main form');
    await attacker.getByRole('button', { name: 'Poslat odkaz k mým poptávkám' }).click();
    await expect.poll(() => attacker.textContent('main')).toContain('poslala jsem na ni odkazy');
    expect(await attacker.textContent('main')).not.toContain(reference);
    await expectNoAxeViolations(attacker);

    // The couple: the auto-reply carries the link. Opening it signed out asks to sign in first.
    const reply = await smtp.waitFor((m) => m.to.includes(VICTIM) && m.subject.includes(reference));
    const claim = linkFrom(reply.text, '/ucet/pripojit-poptavku?t=');
    const couple = await (await newQuietContext(browser, server.url)).newPage();
    await couple.goto(claim);
    expect(new URL(couple.url()).pathname).toBe('/ucet/prihlaseni');
    // They set their own password through the mailbox (registering again only tells them the account exists).
    await fetch(`${server.url}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: VICTIM }) });
    const resetMail = await smtp.waitFor((m) => m.to.includes(VICTIM) && /obnova-hesla\?code=/.test(m.text));
    await couple.goto(linkFrom(resetMail.text, '/ucet/obnova-hesla?code='));
    await hydrated(couple);
    await couple.getByLabel('Nové heslo', { exact: true }).fill('nase-vlastni-heslo');
    await couple.getByLabel('Nové heslo znovu', { exact: true }).fill('nase-vlastni-heslo');
    await couple.getByRole('button', { name: /Uložit|Nastavit/ }).click();
    await couple.waitForURL((u) => u.pathname === '/ucet');

    await couple.goto(claim);
    await expectNoAxeViolations(couple);
    await hydrated(couple, 'main form');
    await couple.getByRole('button', { name: `Připojit poptávku ${reference}` }).click();
    await couple.waitForURL((u) => u.pathname === '/ucet' && u.searchParams.get('pripojeno') === reference);
    await expect.poll(() => couple.getByTestId('couple-inquiries').textContent()).toContain(reference);
    await expectNoAxeViolations(couple);

    // The link is single-use, and the attacker's session ended with the password change.
    await couple.goto(claim);
    await expect.poll(() => couple.textContent('main')).toContain('neplatný nebo už byl použit');
    await attacker.goto(`${server.url}/ucet`);
    expect(new URL(attacker.url()).pathname).toBe('/ucet/prihlaseni');
  });
});
