/**
 * The first-run guide and the mail she can see, end to end against the production build in Chromium.
 *
 * With SMTP (a real SMTP server on loopback that refuses one mailbox): the setup link leads straight to the guide
 * (phone; no cookie banner over the form; the admin's own compact bar, not the public header); her details with a
 * bad IČO refused in Czech and the IBAN derived from the Czech account; the hero and the portrait uploaded through
 * the studio's photo pipeline and shown on the home and about pages instead of the samples; the test mail arrives
 * at her admin address, and a refused address shows the SMTP error in Czech; the dashboard offers "Dokončit
 * nastavení webu" until she finishes.
 *
 * Without SMTP: the guide says mail is only stored and which variables to set; /admin/mail opens the stored mail;
 * a couple's registration does not claim a mail was sent, and the photographer confirms the account herself.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { expectNoAxeViolations, freePort, hydrated, launchBrowser, newContext, newDataDir, type RunningServer, startServer } from './harness';
import { makeTestJpeg } from '../fixtures/studio-images';
import { czechAccountToIban } from '@/site/public';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';

const ADMIN = { email: 'jana@fotky-jana.cz', password: 'jana-admin-2026-guide' };
const NAME = 'Jana Dvořáková';
const ICO = '27074358';
const ACCOUNT = '2400123456/2010';
const REFUSED = 'odmitnuto@fotky-jana.cz';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server that refuses one mailbox (550), as a provider refuses an address it does not know. */
async function startRefusingSmtp(): Promise<{ url: string; messages: Received[]; stop: () => Promise<void> }> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() === REFUSED) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `smtp://127.0.0.1:${port}`, messages, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

async function setupLink(server: RunningServer): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (!/\/admin\/setup\?token=/.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const link = /(https?:\/\/\S+\/admin\/setup\?token=\S+)/.exec(server.output())?.[1];
  if (!link) throw new Error(`no setup link in the server output:\n${server.output().slice(-2000)}`);
  return link;
}

/** Creates the admin through the one-time link; the browser lands on the guide. */
async function createAdmin(page: Page, server: RunningServer): Promise<void> {
  await page.goto(await setupLink(server));
  await hydrated(page);
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Heslo', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Heslo znovu', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Vytvořit administrátora' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/pruvodce');
  await hydrated(page, 'form[aria-labelledby="guide-identity-title"]');
}

async function html(server: RunningServer, path: string): Promise<string> {
  const res = await fetch(server.url + path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replace(/\u00a0|&nbsp;|&#160;/gi, ' ');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the first-run guide with SMTP', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
  beforeAll(async () => {
    smtp = await startRefusingSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('leads a new admin from the setup link through her details, her photos and a test mail (phone, then desktop)', async () => {
    const phone = await newContext(browser, 'phone');
    const page = await phone.newPage();
    await page.goto(await setupLink(server));
    await hydrated(page);
    // The setup form is not covered: no cookie banner in the admin, even on a phone's first visit.
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 3000 })));
    expect(await page.locator('[data-consent-banner]').count()).toBe(0);
    // The admin's own compact bar, not the public header and footer.
    expect(await page.getByRole('navigation', { name: 'Hlavní navigace' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Zobrazit web' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await createAdmin(page, server);
    await expect(page.getByTestId('guide-progress').textContent()).resolves.toContain('Hotovo 0 ze 3');
    await expectNoAxeViolations(page);

    // Her e-mail addresses start as her admin address; sample details start empty.
    expect(await page.locator('#guide-notifyEmail').inputValue()).toBe(ADMIN.email);
    expect(await page.locator('#guide-email').inputValue()).toBe(ADMIN.email);
    expect(await page.locator('#guide-ico').inputValue()).toBe('');

    await page.locator('#guide-name').fill(NAME);
    await page.locator('#guide-brand').fill('Jana Fotí');
    await page.locator('#guide-phone').fill('+420 603 111 222');
    await page.locator('#guide-street').fill('Dlouhá 5');
    await page.locator('#guide-postalCode').fill('779 00');
    await page.locator('#guide-city').fill('Olomouc');
    await page.locator('#guide-ico').fill('12345678');
    await page.locator('#guide-bankAccount').fill(ACCOUNT);
    await expect(page.locator('#guide-bankAccount-hint').textContent()).resolves.toContain(czechAccountToIban(ACCOUNT) ?? 'missing');
    // VAT by keyboard: the payer's DIČ field appears and goes again.
    await page.getByLabel('Neplátce DPH', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('#guide-dic').waitFor();
    await page.keyboard.press('ArrowUp');
    await page.locator('#guide-dic').waitFor({ state: 'detached' });
    // Submitted from the keyboard; a wrong check digit is refused in Czech, next to the field, which gets focus.
    await page.locator('#guide-bankAccount').press('Enter');
    await expect(page.locator('#guide-ico-error').textContent()).resolves.toContain('kontrolní číslici');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('guide-ico');
    await expectNoAxeViolations(page);
    await page.locator('#guide-ico').fill(ICO);
    await page.locator('#guide-ico').press('Enter');
    await page.locator('#guide-identity-status').filter({ hasText: 'Uloženo' }).waitFor();
    await page.getByTestId('guide-progress').filter({ hasText: 'Hotovo 1 ze 3' }).waitFor();

    const settings = (await page.evaluate(async () => (await fetch('/api/admin/settings')).json())) as { photographer: Record<string, unknown> };
    expect(settings.photographer).toMatchObject({ name: NAME, ico: ICO, bankAccount: ACCOUNT, iban: czechAccountToIban(ACCOUNT), dic: null, notifyEmail: ADMIN.email });
    await phone.close();

    // Desktop: her two photos through the studio's pipeline.
    const desktop = await newContext(browser, 'desktop');
    const admin = await desktop.newPage();
    await signIn(admin, server);
    await admin.goto(`${server.url}/admin/pruvodce`);
    await hydrated(admin, 'form[aria-labelledby="guide-identity-title"]');
    const [hero, portrait] = await Promise.all([makeTestJpeg({ width: 2400, height: 1600, seed: 31 }), makeTestJpeg({ width: 1200, height: 1500, seed: 32 })]);
    const heroBox = admin.getByTestId('guide-photo-hero');
    await heroBox.getByLabel('Popis fotografie (pro nevidomé a vyhledávače)').fill('Nevěsta v poli za soumraku');
    await heroBox.locator('input[type="file"]').setInputFiles({ name: 'hero.jpg', mimeType: 'image/jpeg', buffer: hero });
    await heroBox.getByText('Hotovo: web ukazuje vaši fotografii.').waitFor({ timeout: 60_000 });
    const portraitBox = admin.getByTestId('guide-photo-portrait');
    await portraitBox.locator('input[type="file"]').setInputFiles({ name: 'jana.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await portraitBox.getByText('Hotovo: web ukazuje vaši fotografii.').waitFor({ timeout: 60_000 });
    await admin.getByTestId('guide-progress').filter({ hasText: 'Hotovo 2 ze 3' }).waitFor();
    await expectNoAxeViolations(admin);

    const home = (await admin.evaluate(async () => (await fetch('/api/admin/settings')).json())) as { home: { hero: { image: { photo?: string }; imageAlt: string }; about: { portrait: { photo?: string } } } };
    const heroId = home.home.hero.image.photo;
    const portraitId = home.home.about.portrait.photo;
    expect(heroId).toMatch(/^[0-9a-f-]{36}$/);
    expect(portraitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(home.home.hero.imageAlt).toBe('Nevěsta v poli za soumraku');
    // The public pages show her photos, not the generated samples; a visitor may load them.
    const homeHtml = await html(server, '/');
    expect(homeHtml).toContain(`/api/photos/${heroId}/`);
    expect(homeHtml).toContain(`/api/photos/${portraitId}/`);
    expect(homeHtml).toContain('Nevěsta v poli za soumraku');
    expect(homeHtml).not.toContain('uvod-hero');
    expect(homeHtml).not.toContain('anna-portret');
    expect(await html(server, '/omne')).toContain(`/api/photos/${portraitId}/`);
    const photo = await fetch(`${server.url}/api/photos/${heroId}/828`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);

    // The test mail goes to the address inquiries go to (her admin address) and arrives.
    await admin.getByRole('button', { name: 'Poslat zkušební e-mail' }).click();
    await admin.getByTestId('guide-mail-result').filter({ hasText: `Zkušební e-mail odešel na ${ADMIN.email}` }).waitFor();
    expect(smtp.messages.some((m) => m.to.includes(ADMIN.email) && /Subject:/i.test(m.raw))).toBe(true);
    await admin.getByTestId('guide-progress').filter({ hasText: 'Hotovo 3 ze 3' }).waitFor();

    // An address the SMTP server refuses: its error is shown in Czech, with the server's own words.
    await admin.locator('#guide-notifyEmail').fill(REFUSED);
    await admin.locator('#guide-notifyEmail').press('Enter');
    await admin.locator('#guide-identity-status').filter({ hasText: 'Uloženo' }).waitFor();
    await admin.getByRole('button', { name: 'Poslat zkušební e-mail' }).click();
    const error = admin.getByTestId('guide-mail-error');
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    expect(text).toContain(`Zkušební e-mail na ${REFUSED} neodešel.`);
    expect(text).toContain('SMTP server odmítl odesílatele nebo adresáta');
    expect(text).toContain('Mailbox unavailable');
    await expectNoAxeViolations(admin);
    await admin.locator('#guide-notifyEmail').fill(ADMIN.email);
    await admin.locator('#guide-notifyEmail').press('Enter');
    await admin.locator('#guide-identity-status').filter({ hasText: 'Uloženo' }).waitFor();

    // The home page's texts in „Obsah webu“: the hero's heading and the about teaser, at once on the public page.
    await admin.goto(`${server.url}/admin/obsah`);
    await hydrated(admin, 'form[aria-labelledby="home-title"]');
    await expectNoAxeViolations(admin);
    await admin.locator('#home-hero-heading').fill('Svatby, jak je opravdu cítíte.');
    await admin.locator('#home-about-paragraphs').fill('Fotím svatby od roku 2018.\n\nNejraději mám tiché chvíle mezi tím hlavním.');
    await admin.locator('form[aria-labelledby="home-title"] button[type="submit"]').click();
    await admin.locator('#home-status').filter({ hasText: 'Uloženo' }).waitFor();
    const edited = await html(server, '/');
    expect(edited).toContain('Svatby, jak je opravdu cítíte.');
    expect(edited).toContain('Fotím svatby od roku 2018.');
    expect(edited).toContain('Nejraději mám tiché chvíle mezi tím hlavním.');
    expect(edited).not.toContain('Váš den, tak jak opravdu voněl.');
    // An empty about text is refused in Czech, naming the field; nothing changes.
    await admin.locator('#home-about-paragraphs').fill('   ');
    await admin.locator('form[aria-labelledby="home-title"] button[type="submit"]').click();
    await expect(admin.locator('#home-about-paragraphs-error').textContent()).resolves.toBe('Aspoň jeden odstavec');
    expect(await html(server, '/')).toContain('Fotím svatby od roku 2018.');

    // The about page in her words: heading and Markdown text, shown at once; an unknown placeholder is refused.
    await admin.reload();
    await hydrated(admin, 'form[aria-labelledby="about-page-title"]');
    expect(await admin.locator('#about-page-body').inputValue()).toContain('## Jak fotím');
    await admin.locator('#about-page-heading').fill('Ahoj, tady Jana');
    // Her own figures instead of the sample's („280+ svateb“): the first changed, the second removed, one added.
    await admin.locator('#about-fact-0-value').fill('2018');
    await admin.getByRole('button', { name: 'Odebrat údaj 280+' }).click();
    await admin.getByRole('button', { name: 'Přidat údaj' }).click();
    const added = (await admin.locator('[id^="about-fact-"][id$="-value"]').count()) - 1;
    await admin.locator(`#about-fact-${added}-value`).fill('120');
    await admin.locator(`#about-fact-${added}-label`).fill('odfocených svateb');
    await admin.locator('#about-page-body').fill('## Jak fotím\n\nTiše, z povzdálí a **zblízka**, když je potřeba.\n\n<script>alert(1)</script>');
    await admin.locator('form[aria-labelledby="about-page-title"] button[type="submit"]').click();
    await admin.locator('#about-page-status').filter({ hasText: 'Uloženo' }).waitFor();
    const about = await html(server, '/omne');
    expect(about).toContain('Ahoj, tady Jana');
    expect(about).toContain('<strong>zblízka</strong>');
    expect(about).not.toContain('Zenit');
    expect(about).not.toContain('280+');
    expect(about).toContain('odfocených svateb');
    expect(about).toContain('2018');
    expect(about).not.toContain('<script>alert(1)</script>');
    expect(about).toContain(`/api/photos/${portraitId}/`);
    expect(about).toContain(`${NAME} s fotoaparátem`);
    await admin.locator('#about-page-body').fill('Fotím od roku {{rokZacatku}}.');
    await admin.locator('form[aria-labelledby="about-page-title"] button[type="submit"]').click();
    await expect(admin.locator('#about-page-body-error').textContent()).resolves.toContain('Neznámá značka v textu');
    await expectNoAxeViolations(admin);

    // The dashboard offers the guide until she finishes it; then it does not.
    await admin.goto(`${server.url}/admin`);
    await admin.getByRole('link', { name: 'Dokončit nastavení webu' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin/pruvodce');
    await hydrated(admin, 'form[aria-labelledby="guide-identity-title"]');
    await admin.getByRole('button', { name: 'Dokončit průvodce' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin');
    await admin.getByRole('heading', { name: 'Přehled' }).waitFor();
    expect(await admin.getByTestId('guide-link').count()).toBe(0);
    // No sample detail left, and the failed test mail counts as unsent.
    expect(await admin.getByRole('alert').filter({ hasText: 'ukázkové údaje' }).count()).toBe(0);
    await expect(admin.getByTestId('unsent-mails').textContent()).resolves.toBe('1');
    await expect(admin.locator('#upcoming-title + *').textContent()).resolves.toContain('Žádné nadcházející svatby');
    await expectNoAxeViolations(admin);
    await desktop.close();
  }, 240_000);

  it('an export imported into a fresh site reproduces it, her hero and portrait included', async () => {
    const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    const exported = await fetch(`${server.url}/api/admin/settings/export`, { headers: auth });
    expect(exported.status).toBe(200);
    type Doc = { photographer: { name: string }; home: { hero: { image: { photo?: string } }; about: { portrait: { photo?: string } } }; sitePhotos: Record<string, { fileName: string; jpeg: string }> };
    const doc = (await exported.json()) as Doc;
    const oldHero = doc.home.hero.image.photo ?? '';
    const oldPortrait = doc.home.about.portrait.photo ?? '';
    expect(Object.keys(doc.sitePhotos).sort()).toEqual([oldHero, oldPortrait].sort());

    // A fresh site on an empty data folder: its own first admin, then the file picked in „Nastavení“.
    const dataDir = newDataDir();
    const handle = await openDb({ url: path.join(dataDir, 'pglite') });
    await createOrPromoteAdmin(handle.db, ADMIN);
    await handle.close();
    const fresh = await startServer({}, { dataDir });
    const ctx = await newContext(browser, 'desktop');
    try {
      const page = await ctx.newPage();
      await signIn(page, fresh);
      await page.goto(`${fresh.url}/admin/nastaveni`);
      await hydrated(page, 'section[aria-labelledby="transfer-title"]');
      await page.setInputFiles('#settings-import', { name: 'nastaveni-webu.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
      await expect.poll(() => page.locator('section[aria-labelledby="transfer-title"] [role="status"]').textContent(), { timeout: 60_000 }).toContain('Nastavení je nahrané');
      await expectNoAxeViolations(page);

      // The fresh site names photos of its own, processed by its own worker, and shows them instead of the samples.
      const settings = (await page.evaluate(async () => (await fetch('/api/admin/settings')).json())) as Doc;
      const hero = settings.home.hero.image.photo ?? '';
      const portrait = settings.home.about.portrait.photo ?? '';
      expect(hero).toMatch(/^[0-9a-f-]{36}$/);
      expect(portrait).toMatch(/^[0-9a-f-]{36}$/);
      expect([hero, portrait]).not.toContain(oldHero);
      await expect.poll(async () => (await fetch(`${fresh.url}/api/photos/${hero}/828`)).status, { timeout: 90_000 }).toBe(200);
      await expect.poll(async () => (await html(fresh, '/')).includes(`/api/photos/${hero}/`), { timeout: 30_000 }).toBe(true);
      const home = await html(fresh, '/');
      expect(home).toContain(NAME);
      expect(home).not.toContain('uvod-hero');
      await expect.poll(async () => (await html(fresh, '/omne')).includes(`/api/photos/${portrait}/`), { timeout: 30_000 }).toBe(true);
      expect(await html(fresh, '/kontakt')).toContain(ICO);

      // A carried photo that is not what an export holds is refused in Czech, and nothing changes.
      const freshLogin = await fetch(`${fresh.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
      const freshAuth = { authorization: `Bearer ${((await freshLogin.json()) as { jwt: string }).jwt}`, 'content-type': 'application/json' };
      const bad = await fetch(`${fresh.url}/api/admin/settings/import`, { method: 'POST', headers: freshAuth, body: JSON.stringify({ ...doc, sitePhotos: { [oldHero]: { fileName: 'hero.jpg', jpeg: 'tohle není base64!' } } }) });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^sitePhotos: .*base64/);
      expect(((await (await fetch(`${fresh.url}/api/admin/settings`, { headers: freshAuth })).json()) as Doc).home.hero.image.photo).toBe(hero);
    } finally {
      await ctx.close();
      await fresh.stop();
    }
  }, 240_000);
});

async function signIn(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/admin/login`);
  await hydrated(page);
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Heslo', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await page.waitForURL((u) => u.pathname !== '/admin/login');
}

describe('mail she can see, without SMTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('says mail is only stored, opens the stored mail, and lets her confirm a couple who got no mail', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await createAdmin(page, server);
    const statement = page.getByTestId('guide-no-smtp');
    await expect(statement.textContent()).resolves.toMatch(/jen ukládají[\s\S]*SMTP_URL[\s\S]*MAIL_FROM/);
    await page.getByRole('button', { name: 'Poslat zkušební e-mail' }).click();
    await page.getByTestId('guide-mail-result').filter({ hasText: 'je uložený ve schránce' }).waitFor();
    await expectNoAxeViolations(page);

    // Settings naming a photo this site does not have (imported from another one): the shipped image, never a broken one.
    const missing = '5f0e7a2c-1b3d-4c5e-8f9a-0b1c2d3e4f5a';
    const patched = await page.evaluate(async (id) => {
      const res = await fetch('/api/admin/settings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ home: { hero: { image: { photo: id, width: 2400, height: 1600 } }, about: { portrait: { photo: id, width: 1200, height: 1500 } } } }),
      });
      return res.status;
    }, missing);
    expect(patched).toBe(200);
    for (const path of ['/', '/omne']) {
      // What a visitor sees: the images and their preloads (the share image of the <meta> tags is not checked).
      await page.goto(server.url + path);
      const sources = await page.evaluate(() =>
        [...document.querySelectorAll('img, link[rel="preload"][as="image"]')].map((el) => `${el.getAttribute('src') ?? ''} ${el.getAttribute('srcset') ?? ''} ${el.getAttribute('imagesrcset') ?? ''}`).join('\n'),
      );
      expect(sources, path).not.toContain(`/api/photos/${missing}`);
      expect(sources, path).toContain('placeholder');
      const broken = await page.evaluate(() => [...document.querySelectorAll('img')].filter((i) => i.complete && i.naturalWidth === 0 && i.loading !== 'lazy').length);
      expect(broken, path).toBe(0);
    }

    // The outbox says so too, and opens the mail as it would have been sent.
    await page.goto(`${server.url}/admin/mail`);
    await expect(page.getByTestId('no-smtp').textContent()).resolves.toContain('nikomu neodcházejí');
    await page.getByRole('link', { name: /Zkušební e-mail z webu/ }).click();
    await page.waitForURL((u) => /^\/admin\/mail\/\d+$/.test(u.pathname));
    await expect(page.getByTestId('mail-to').textContent()).resolves.toBe(ADMIN.email);
    await expect(page.getByTestId('mail-status').textContent()).resolves.toContain('Jen uloženo');
    await expect(page.getByTestId('mail-text').textContent()).resolves.toContain('tento e-mail poslal váš web jako zkoušku');
    await expectNoAxeViolations(page);

    // A couple registers on a phone: the page does not claim a mail was sent.
    const couple = await newContext(browser, 'phone');
    const cp = await couple.newPage();
    const email = 'petra.novotna@example.org';
    await cp.goto(`${server.url}/ucet/registrace`);
    await hydrated(cp);
    await cp.getByLabel('E-mail', { exact: true }).fill(email);
    await cp.getByLabel('Heslo', { exact: true }).fill('petra-a-tomas-2027');
    await cp.getByLabel('Heslo znovu', { exact: true }).fill('petra-a-tomas-2027');
    await cp.getByRole('button', { name: 'Založit účet' }).click();
    const notice = cp.locator('.notice[role="status"]');
    await notice.waitFor();
    const said = (await notice.textContent()) ?? '';
    expect(said).toContain('web zatím neodesílá');
    expect(said).not.toContain('poslala jsem');

    // She confirms the account from the admin (keyboard), and the couple can sign in.
    await page.goto(`${server.url}/admin/mail`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: `Potvrdit účet ${email}` }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('ucet') === 'potvrzen');
    await expect(page.getByRole('status').filter({ hasText: 'je potvrzený' }).textContent()).resolves.toContain(email);
    expect(await page.getByRole('button', { name: `Potvrdit účet ${email}` }).count()).toBe(0);

    await cp.goto(`${server.url}/ucet/prihlaseni`);
    await hydrated(cp);
    await cp.getByLabel('E-mail', { exact: true }).fill(email);
    await cp.getByLabel('Heslo', { exact: true }).fill('petra-a-tomas-2027');
    await cp.getByRole('button', { name: 'Přihlásit se' }).click();
    await cp.waitForURL((u) => u.pathname === '/ucet');
    await expect(cp.getByTestId('account-email').textContent()).resolves.toBe(email);
    await couple.close();
    await ctx.close();
  }, 180_000);
});
