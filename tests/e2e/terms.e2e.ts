import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, hydrated, launchBrowser, newContext, newQuietContext, startServer, type RunningServer } from './harness';
import { getPricing, getSiteInfo } from '@/site/public.server';

/**
 * The terms a couple can rely on, through the production server in Chromium: the terms page with the withdrawal
 * right and its model form (page, print layout, text download), the dated version recorded at start-up and its own
 * address, binding delivery per package on the price list, and the privacy notice's cookie table compared with the
 * cookies Chromium really stores after accepting every category and signing in.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Registration signs in at once without e-mail confirmation: the session cookie appears in the browser.
  [server, browser] = await Promise.all([startServer({ AUTH_EMAIL_CONFIRMATION: 'false' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function quietPage(device: 'phone' | 'desktop' = 'desktop'): Promise<Page> {
  const ctx = await newQuietContext(browser, server.url, device);
  return ctx.newPage();
}

describe('terms', () => {
  it('the terms page grants the withdrawal right, links the model form and the versions, and names each package’s delivery', async () => {
    const page = await quietPage('phone');
    const res = await page.goto(`${server.url}/obchodni-podminky`);
    expect(res?.status()).toBe(200);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).not.toContain('{{');
    expect(await page.locator('h2#odstoupeni').count()).toBe(1);
    expect(text).toContain('§ 1829');
    expect(text).not.toMatch(/z jakéhokoli důvodu/);
    for (const p of getPricing().packages) expect(text).toContain(`balíček ${p.name}: do ${p.deliveryWeeks} týdn`);
    expect(await page.locator('main a[href="/obchodni-podminky/odstoupeni-od-smlouvy"]').count()).toBeGreaterThan(0);
    expect(await page.locator('main a[href="/obchodni-podminky/verze"]').count()).toBe(1);
    await expectNoAxeViolations(page);
  });

  it('the model withdrawal form: addressed to the photographer, printable and downloadable, usable by keyboard', async () => {
    const page = await quietPage();
    expect((await page.goto(`${server.url}/obchodni-podminky/odstoupeni-od-smlouvy`))?.status()).toBe(200);
    const p = getSiteInfo().photographer;
    const form = page.locator('article[aria-labelledby="formular-nadpis"]');
    const formText = await form.innerText();
    expect(formText).toContain('Oznámení o odstoupení od smlouvy');
    expect(formText).toContain(`Adresát: ${p.name}`);
    expect(formText).toContain(p.email);
    await expectNoAxeViolations(page);

    // Printing keeps the form only: the site header, footer and the page's own buttons are gone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('body > header').isVisible()).toBe(false);
    expect(await page.locator('body > footer').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Vytisknout formulář' }).isVisible()).toBe(false);
    expect(await form.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // The print button is reachable by keyboard and opens the print dialog (window.print, observed, not faked).
    await hydrated(page, 'button.btn');
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    const button = page.getByRole('button', { name: 'Vytisknout formulář' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    const download = await fetch(`${server.url}/obchodni-podminky/odstoupeni-od-smlouvy/formular.txt`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const body = await download.text();
    expect(body).toContain('Vzorový formulář pro odstoupení od smlouvy');
    expect(body).toContain(`Adresát: ${p.name}`);
  });

  it('the version recorded at start-up has its own dated address and is listed', async () => {
    const page = await quietPage();
    expect((await page.goto(`${server.url}/obchodni-podminky/verze`))?.status()).toBe(200);
    const link = page.locator('main a[href^="/obchodni-podminky/verze/"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/obchodni-podminky\/verze\/\d{4}-\d{2}-\d{2}$/);
    await expectNoAxeViolations(page);

    expect((await page.goto(`${server.url}${href}`))?.status()).toBe(200);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('toto znění platí dosud');
    expect(text).toContain('Odstoupení od smlouvy');
    expect(text).not.toContain('{{');
    await expectNoAxeViolations(page);

    for (const bad of ['/obchodni-podminky/verze/2026-13-45', '/obchodni-podminky/verze/1999-01-01', '/obchodni-podminky/verze/nic']) {
      expect((await fetch(`${server.url}${bad}`)).status, bad).toBe(404);
    }
  });

  it('the price list shows each package’s binding delivery time', async () => {
    const page = await quietPage('phone');
    await page.goto(`${server.url}/cenik`);
    for (const p of getPricing().packages) {
      const card = page.locator(`#balicek-${p.id}`);
      expect((await card.innerText()).replace(/\s+/g, ' ')).toContain(`Kompletní galerie závazně do ${p.deliveryWeeks} týdn`);
    }
  });
});

describe('privacy notice', () => {
  it('lists exactly the cookies Chromium stores after accepting everything and signing in', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    const accept = page.getByRole('button', { name: 'Přijmout vše' });
    await accept.waitFor({ state: 'visible', timeout: 15_000 });
    await hydrated(page, 'button');
    await accept.click();
    await expect.poll(async () => (await ctx.cookies()).map((c) => c.name)).toContain('cc_cookie');

    await page.goto(`${server.url}/ucet/registrace`);
    await hydrated(page);
    const email = `cookies-${Date.now()}@example.cz`;
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Heslo', { exact: true }).fill('dlouhe-heslo-123');
    await page.getByLabel('Heslo znovu', { exact: true }).fill('dlouhe-heslo-123');
    await page.getByRole('button', { name: 'Založit účet' }).click();
    await expect.poll(async () => (await ctx.cookies()).map((c) => c.name), { timeout: 15_000 }).toContain('strapi_jwt');

    // Every page the visitor may open is visited, so any cookie a page sets would show up.
    for (const path of ['/ucet', '/rezervace', '/kontakt', '/portfolio', '/ochrana-udaju']) await page.goto(`${server.url}${path}`);
    const stored = [...new Set((await ctx.cookies()).map((c) => c.name))].sort();
    const listed = (await page.locator('table.cookie-list tbody tr td:first-child code').allInnerTexts()).sort();
    expect(listed).toEqual(stored);
    expect(listed).toEqual(['cc_cookie', 'strapi_jwt']);
    await expectNoAxeViolations(page);

    // The promised „Zrušit účet“: the couple cancels the account themselves; the session ends and the account is gone.
    await page.goto(`${server.url}/ucet`);
    await hydrated(page, 'section[aria-labelledby="cancel-title"] form');
    await expectNoAxeViolations(page);
    await page.getByLabel('Pro potvrzení napište e-mail svého účtu').fill(email);
    await page.getByRole('button', { name: 'Zrušit účet' }).click();
    await page.waitForURL(/\/ucet\/prihlaseni\?ucet=zrusen$/, { timeout: 15_000 });
    expect(await page.locator('main').innerText()).toContain('Váš účet je zrušený a smazaný.');
    expect((await ctx.cookies()).map((c) => c.name)).not.toContain('strapi_jwt');
    const signIn = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: email, password: 'dlouhe-heslo-123' }),
    });
    expect(signIn.status).toBe(400);
    await ctx.close();
  });
});
