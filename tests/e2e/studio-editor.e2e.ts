import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { expectNoAxeViolations, hydrated, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer } from './harness';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * The wedding editor's everyday work on a larger upload, in real Chromium against the production build: a refused
 * file offers no pointless retry; the "no processed photo" refusal goes away once photos are ready; "describe later"
 * fills every missing alt text with the couple and the part of the day; each alt/category save is confirmed beside
 * its photo; several photos get a category or are deleted at once; deleting the cover marks the photo the public
 * page shows instead.
 */

const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
const COUPLE = 'Bára & Vojta';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let auth: Record<string, string> = {};
let weddingId = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-studio-editor-'));

beforeAll(async () => {
  const dataDir = newDataDir(tmp);
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  [server, browser] = await Promise.all([startServer({}, { dataDir }), launchBrowser()]);
  const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
  auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const items = () => page.locator('ol[aria-label="Fotografie svatby"] > li');
const message = () => page.locator('[data-testid="studio-message"]').textContent();
const photoStates = async () => ((await (await fetch(`${server.url}/api/admin/weddings/${weddingId}`, { headers: auth })).json()) as { coverPhotoId: string | null; photos: { id: string; alt: string; category: string | null; status: string }[] });

describe('studio wedding editor', () => {
  it('a refused file has no retry; the publish refusal clears once photos are ready', async () => {
    const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: COUPLE, date: '2026-09-12', location: 'Mlýn Rýzmburk' }) });
    expect(created.status).toBe(201);
    weddingId = ((await created.json()) as { id: string }).id;

    ctx = await newQuietContext(browser, server.url, 'desktop');
    page = await ctx.newPage();
    await page.goto(`${server.url}/admin/login?next=/admin/svatby/${weddingId}`);
    await hydrated(page);
    await page.fill('#identifier', ADMIN.email);
    await page.fill('#password', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.url}/admin/svatby/${weddingId}`);
    await hydrated(page, '[data-testid="dropzone"]');

    await page.click('button:has-text("Zveřejnit")');
    await expect.poll(message).toContain('bez jediné zpracované fotografie');

    const photos = await Promise.all(
      [21, 22, 23, 24].map((seed, i) => makeTestJpeg({ width: 1200, height: 800, seed }).then((buffer) => ({ name: `DSC_10${i}.jpg`, mimeType: 'image/jpeg', buffer }))),
    );
    const notAPhoto = { name: 'smlouva.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is a text file, not a photo') };
    await page.setInputFiles('input[type="file"]', [...photos, notAPhoto]);
    const refused = page.locator('ul[aria-label="Nahrávané soubory"] li[data-state="error"]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('smlouva.jpg');
    // The server refused the file itself (415): trying again cannot help, so no retry is offered.
    expect(await refused.locator('button').count()).toBe(0);
    await expect.poll(() => page.locator('li[data-status="ready"]').count(), { timeout: 120_000 }).toBe(4);
    await expect.poll(message).toBe('');
    await expectNoAxeViolations(page);
  }, 180_000);

  it('"describe later" fills the missing alt texts; each save is confirmed beside its photo; publishing then works', async () => {
    await page.click('button:has-text("Popíšu později")');
    await expect.poll(message).toContain('Popis doplněn u 4');
    const state = await photoStates();
    expect(state.photos.map((p) => p.alt)).toEqual(Array(4).fill(`${COUPLE}, Mlýn Rýzmburk`));

    const first = items().nth(0);
    await first.locator('input[id^="alt-"]').fill('Nevěsta ve mlýně');
    await first.locator('select').focus();
    await expect.poll(() => first.locator('[role="status"]').textContent()).toBe('Popis uložen.');
    await first.locator('select').selectOption('obrad');
    await expect.poll(() => first.locator('[role="status"]').textContent()).toBe('Kategorie uložena.');

    await page.click('button:has-text("Zveřejnit")');
    await expect.poll(message).toContain('Svatba je zveřejněná.');
  }, 120_000);

  it('several photos get a category or are deleted at once; deleting the cover marks the one shown instead', async () => {
    await page.click('button:has-text("Vybrat vše")');
    await expect.poll(() => page.locator('[role="group"][aria-label^="Hromadné"]').textContent()).toContain('Vybráno: 4');
    await page.selectOption('#bulk-category', 'tanec');
    await expect.poll(message).toContain('Kategorie změněna u 4');
    expect((await photoStates()).photos.map((p) => p.category)).toEqual(['tanec', 'tanec', 'tanec', 'tanec']);
    await expect.poll(() => items().nth(3).locator('select').inputValue()).toBe('tanec');

    // The third photo becomes the cover, then it and the fourth are deleted together.
    await items().nth(2).locator('input[type="radio"]').check();
    await expect.poll(async () => (await photoStates()).coverPhotoId).toBe(await items().nth(2).getAttribute('data-photo-id'));
    await items().nth(2).locator('input[type="checkbox"]').check();
    await items().nth(3).locator('input[type="checkbox"]').check();
    page.once('dialog', (d) => void d.accept());
    await page.click('button:has-text("Smazat vybrané")');
    await expect.poll(message).toContain('Smazáno: 2');
    await expect.poll(() => items().count()).toBe(2);
    // No cover chosen any more: the public page shows the first photo, and the editor marks that one.
    expect((await photoStates()).coverPhotoId).toBeNull();
    expect(await items().nth(0).locator('input[type="radio"]').isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    const phone = await newQuietContext(browser, server.url, 'phone');
    const p = await phone.newPage();
    await p.goto(`${server.url}/admin/login?next=/admin/svatby/${weddingId}`);
    await hydrated(p);
    await p.fill('#identifier', ADMIN.email);
    await p.fill('#password', ADMIN.password);
    await p.click('button[type="submit"]');
    await p.waitForURL(`${server.url}/admin/svatby/${weddingId}`);
    await hydrated(p, '[data-testid="dropzone"]');
    // The bulk bar wraps on a phone instead of widening the page.
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(p);
    await phone.close();
  }, 120_000);
});
