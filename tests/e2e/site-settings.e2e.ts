/**
 * The site made hers from the browser, end to end against the production build in Chromium: a new admin (set up
 * through the one-time link) sees the dashboard's sample-data warning, saves her name, e-mail and IČO (a bad IČO
 * refused in Czech), changes a package price, adds an FAQ entry and a testimonial linked to a wedding; every public
 * page then shows her values and none of the samples; a new inquiry is announced to her own address (real SMTP);
 * the settings API answers 401/403/422 with Czech messages naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, hydrated, launchBrowser, newContext, startServer, startSmtp, type RunningServer } from './harness';
import { addDays, localToday } from '@/platform/dates';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: BrowserContext;

const ADMIN = { email: 'eliska@fotky-eliska.cz', password: 'eliska-admin-2026' };
const NAME = 'Eliška Dvořáková';
const ICO = '27074358';

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url, INQUIRY_MIN_FILL_MS: '0' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

/** Visible text of a public page as a visitor gets it (non-breaking spaces as spaces). */
async function pageText(path: string): Promise<string> {
  const res = await fetch(server.url + path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replace(/\u00a0|&nbsp;|&#160;|&#xa0;/gi, ' ');
}

async function saved(page: Page, form: string) {
  await page.locator(`form[aria-labelledby="${form}-title"] button[type="submit"]`).click();
  await page.locator(`#${form}-status`).filter({ hasText: 'Uloženo' }).waitFor();
}

describe('site settings from the browser', () => {
  it('a new admin sees the sample-data warning and saves her own details (a bad IČO refused in Czech)', async () => {
    const deadline = Date.now() + 15_000;
    while (!/\/admin\/setup\?token=/.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const link = /(https?:\/\/\S+\/admin\/setup\?token=\S+)/.exec(server.output())?.[1];
    expect(link).toBeTruthy();
    admin = await newContext(browser, 'desktop');
    const page = await admin.newPage();
    await page.goto(link!);
    await hydrated(page);
    await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Heslo', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Heslo znovu', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Vytvořit administrátora' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/pruvodce');

    await page.goto(`${server.url}/admin`);
    const warning = page.getByRole('alert').filter({ hasText: 'ukázkové údaje' });
    await expect(warning.textContent()).resolves.toContain('IČO');
    // The shipped quotes are invented: the dashboard says so until she replaces them.
    await expect(page.getByTestId('sample-testimonials').textContent()).resolves.toMatch(/Ukázkové reference na webu: [1-9]\d* z [1-9]\d*\./);

    await page.goto(`${server.url}/admin/nastaveni`);
    await hydrated(page);
    // Without a saved address, inquiries go to the admin's own e-mail, and the page says so.
    await expect(page.locator('main, body').first().textContent()).resolves.toContain(`Nové poptávky teď chodí na ${ADMIN.email}`);
    await expectNoAxeViolations(page);
    await page.getByLabel('Jméno a příjmení').fill(NAME);
    await page.getByLabel('Značka (název webu)').fill('Eliška Fotí');
    await page.getByLabel('Veřejný e-mail').fill('ahoj@fotky-eliska.cz');
    await page.getByLabel('IČO').fill('12345678');
    await page.locator('form[aria-labelledby="identity-title"] button[type="submit"]').click();
    await expect(page.locator('#photographer-ico-error').textContent()).resolves.toContain('kontrolní číslici');
    await page.getByLabel('IČO').fill(ICO);
    await saved(page, 'identity');
    await page.goto(`${server.url}/admin`);
    expect(await page.getByRole('alert').filter({ hasText: 'ukázkové údaje' }).count()).toBe(1);
    await expect(page.getByRole('alert').filter({ hasText: 'ukázkové údaje' }).textContent()).resolves.not.toContain('IČO');
  }, 180_000);

  it('changes a price, adds an FAQ entry and a testimonial linked to a wedding', async () => {
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/obsah`);
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.locator('#pkg-0-price').fill('31500');
    await saved(page, 'pricing');

    const questions = await page.locator('[id^="faq-0-"][id$="-q"]').count();
    await page.locator('form[aria-labelledby="faq-title"] button', { hasText: 'Přidat otázku do' }).first().click();
    await page.locator(`#faq-0-${questions}-q`).fill('Fotíte i se psem?');
    await page.locator(`#faq-0-${questions}-a`).fill('Ano, pejsky na svatbách fotím ráda.');
    await saved(page, 'faq');

    const count = await page.locator('[id^="t-"][id$="-couple"]').count();
    await page.getByRole('button', { name: 'Přidat referenci' }).click();
    await page.locator(`#t-${count}-couple`).fill('Klára a Ondřej');
    await page.locator(`#t-${count}-quote`).fill('Eliška nás provedla celým dnem s úsměvem, fotky předčily všechno.');
    const select = page.locator(`#t-${count}-wedding`);
    const slug = await select.locator('option').nth(1).getAttribute('value');
    expect(slug).toBeTruthy();
    await select.selectOption(slug!);
    // A quote too short is refused by the file's own rule, in Czech, naming the field.
    await page.locator(`#t-${count}-quote`).fill('Krátké.');
    await page.locator('form[aria-labelledby="testimonials-title"] button[type="submit"]').click();
    await expect(page.locator(`#t-${count}-quote-error`).textContent()).resolves.toMatch(/znak/);
    await page.locator(`#t-${count}-quote`).fill('Eliška nás provedla celým dnem s úsměvem, fotky předčily všechno.');
    await saved(page, 'testimonials');

    // The public pages show it at once.
    expect(await pageText('/cenik')).toContain('31 500 Kč');
    expect(await pageText('/faq')).toContain('Fotíte i se psem?');
    const home = await pageText('/');
    expect(home).toContain('Klára a Ondřej');
    expect(home).toContain(`href="/weddings/${slug}"`);
    await page.close();
  }, 180_000);

  it('every public page shows her details and none of the samples', async () => {
    for (const path of ['/', '/omne', '/kontakt', '/cenik', '/faq', '/obchodni-podminky', '/ochrana-udaju']) {
      const html = await pageText(path);
      expect(html, path).toContain(NAME);
      expect(html, path).not.toContain('Anna Nováková');
      // Nor the sample's name in another case („Annu Novákovou“, „Portrét Anny Novákové“) in meta or alt texts.
      expect(html, path).not.toMatch(/Novákov/);
      expect(html, path).not.toContain('12345679');
      expect(html, path).not.toContain('anna@example.cz');
    }
    const contact = await pageText('/kontakt');
    expect(contact).toContain(ICO);
    expect(contact).toContain('ahoj@fotky-eliska.cz');
    // JSON-LD of the home page names her business.
    const home = await pageText('/');
    const ld = [...home.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    expect(ld).toContain(NAME);
    expect(ld).toContain('ahoj@fotky-eliska.cz');
  });

  it("a new inquiry is announced to her own address, and the couple's reply is signed with her name", async () => {
    const body = JSON.stringify({ partner1: 'Klára', partner2: 'Ondřej', email: 'klara@example.org', phone: '+420 608 333 444', weddingDate: addDays(localToday(), 300), venue: 'Zámek Náměšť', town: 'Olomouc', guestCount: 60, consent: true });
    const res = await fetch(`${server.url}/api/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const notice = await smtp.waitFor((m) => m.subject.includes(reference) && m.subject.startsWith('Nová poptávka'));
    expect(notice.to).toEqual([ADMIN.email]);
    const reply = await smtp.waitFor((m) => m.to.includes('klara@example.org') && m.subject.includes(reference));
    // Without MAIL_FROM, mail comes from her brand and her public e-mail, never the sample's.
    expect({ from: reply.from, name: reply.fromName }).toEqual({ from: 'ahoj@fotky-eliska.cz', name: 'Eliška Fotí' });
    expect(reply.text).toContain(NAME);
    expect(reply.text).not.toContain('Anna Nováková');
  });

  it('the settings API: 401 anonymous, 422 in Czech naming the field, 200 with the effective settings', async () => {
    expect((await fetch(`${server.url}/api/admin/settings`)).status).toBe(401);
    const api = admin.request;
    const got = await api.get(`${server.url}/api/admin/settings`);
    expect(got.status()).toBe(200);
    const doc = (await got.json()) as { photographer: { name: string; notifyEmail: string }; terms: { holdDays: number } };
    expect(doc.photographer).toMatchObject({ name: NAME, notifyEmail: ADMIN.email });
    const bad = await api.patch(`${server.url}/api/admin/settings`, { headers: { origin: server.url }, data: { terms: { depositPercent: 150 } } });
    expect(bad.status()).toBe(422);
    const err = ((await bad.json()) as { error: { message: string; details: { errors: { field: string; message: string }[] } } }).error;
    expect(err.details.errors[0].field).toBe('terms.depositPercent');
    expect(err.message).toMatch(/^terms\.depositPercent: .*100/);
    const ok = await api.patch(`${server.url}/api/admin/settings`, { headers: { origin: server.url }, data: { photographer: { notifyEmail: 'poptavky@fotky-eliska.cz' } } });
    expect(ok.status()).toBe(200);
    expect(((await ok.json()) as { photographer: { notifyEmail: string } }).photographer.notifyEmail).toBe('poptavky@fotky-eliska.cz');
    const exported = await api.get(`${server.url}/api/admin/settings/export`);
    expect(exported.headers()['content-disposition']).toMatch(/attachment; filename="nastaveni-webu-/);
    expect(((await exported.json()) as { photographer: { name: string } }).photographer.name).toBe(NAME);
  });
});
