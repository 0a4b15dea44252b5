import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { expectNoAxeViolations, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer } from './harness';
import { startFakeStrapi, type FakeStrapi } from '../fakes/strapi';

/**
 * A real CMS outage (stale-if-error, docs/decisions/090-stale-if-error.md): the site warm on the fake Strapi, the
 * Strapi process stopped mid-run, content revalidated three times and the server restarted during the outage — the
 * portfolio, every real wedding page, the /strapi-* pages and the sitemap keep the last good content, no sample
 * wedding appears, the admin sees the banner; Strapi back → fresh content within one revalidation.
 */

const SECRET = 'e2e-outage-secret';
const ADMIN = { email: 'anna.vypadek@example.cz', password: 'Vypadek-CMS-2026!' };
const REAL = ['veronika-lukas', 'nikola-david', 'strapi-bez-udaju'];
const SAMPLE_SLUG = 'tereza-jakub';
const SAMPLE_COUPLE = 'Tereza & Jakub';

let browser: Browser;
let strapi: FakeStrapi;
let server: RunningServer;
let dataDir: string;

function serverEnv(): Record<string, string> {
  // A generous timeout: a slow answer on a busy machine must not look like an outage (a stopped server is refused at once).
  return { ...strapi.env(), CONTENT_REVALIDATE_SECONDS: '1', CONTENT_TIMEOUT_MS: '10000', REVALIDATE_SECRET: SECRET };
}

beforeAll(async () => {
  [browser, strapi] = await Promise.all([launchBrowser(), startFakeStrapi({ version: 'v5' })]);
});
// A new database (initdb) and a server start: each takes a while on a busy machine.
beforeAll(async () => {
  dataDir = newDataDir();
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
}, 300_000);
beforeAll(async () => {
  server = await startServer(serverEnv(), { dataDir });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await strapi?.stop();
});

async function get(p: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${server.url}${p}`);
  return { status: res.status, body: await res.text() };
}

async function revalidate(): Promise<void> {
  const res = await fetch(`${server.url}/api/revalidate`, { method: 'POST', headers: { 'x-revalidate-secret': SECRET, 'content-type': 'application/json' }, body: '{}' });
  expect(res.status).toBe(200);
}

/** Every page that shows the CMS's weddings still shows the last good ones, and no sample wedding. */
async function expectLastGoodContent(when: string): Promise<void> {
  const portfolio = await get('/portfolio');
  expect(portfolio.status, `${when}: /portfolio`).toBe(200);
  expect(portfolio.body).toContain('Fake Strapi: Veronika &amp; Lukáš');
  expect(portfolio.body).not.toContain(SAMPLE_COUPLE);
  for (const slug of REAL) {
    const page = await get(`/weddings/${slug}`);
    expect(page.status, `${when}: /weddings/${slug}`).toBe(200);
    expect(page.body).not.toContain(SAMPLE_COUPLE);
  }
  expect((await get('/weddings/id/wed1veronikadoc')).status, `${when}: by id`).toBe(200);
  expect((await get(`/weddings/${SAMPLE_SLUG}`)).status, `${when}: a sample wedding`).toBe(404);
  const strapiList = await get('/strapi-portfolio');
  expect(strapiList.status).toBe(200);
  expect(strapiList.body).toContain('Fake Strapi: Veronika &amp; Lukáš');
  expect(strapiList.body).not.toContain(SAMPLE_COUPLE);
  expect((await get('/strapi-weddings/veronika-lukas')).status, `${when}: /strapi-weddings`).toBe(200);
  const sitemap = await get('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  for (const slug of REAL) expect(sitemap.body, `${when}: sitemap`).toContain(`/weddings/${slug}<`);
  expect(sitemap.body).not.toContain(`/weddings/${SAMPLE_SLUG}<`);
}

async function adminCookie(): Promise<{ name: string; value: string; url: string }> {
  const res = await fetch(`${server.url}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  return { name: 'strapi_jwt', value: ((await res.json()) as { jwt: string }).jwt, url: server.url };
}

/** The banner's text on an admin page (null when there is none), checked with axe on phone and desktop. */
async function bannerOn(p: string, device: 'phone' | 'desktop'): Promise<{ banner: string | null; failures: number | null; weddings: string | null }> {
  const ctx = await newQuietContext(browser, server.url, device);
  await ctx.addCookies([await adminCookie()]);
  const page = await ctx.newPage();
  const res = await page.goto(`${server.url}${p}`);
  expect(res?.status()).toBe(200);
  await expectNoAxeViolations(page);
  const banner = (await page.locator('[data-testid=content-outage]').count()) ? await page.textContent('[data-testid=content-outage]') : null;
  const failures = (await page.locator('[data-testid=outage-failures]').count()) ? Number(await page.textContent('[data-testid=outage-failures]')) : null;
  const weddings = (await page.locator('[data-testid=content-weddings]').count()) ? await page.textContent('[data-testid=content-weddings]') : null;
  await ctx.close();
  return { banner, failures, weddings };
}

const OUTAGE_LOG = 'serving the last good content while the source is down';
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('a Strapi outage', () => {
  it('warm: the real weddings, their stories as Markdown, and sample weddings unknown while Strapi has entries', async () => {
    await expectLastGoodContent('warm');
    const veronika = await get('/weddings/veronika-lukas');
    // The v5 rich-text story, reshaped to Markdown, rendered with the site's rules below the section heading (its top heading an h3).
    expect(veronika.body).toContain('<h3>Zámek Zbiroh</h3>');
    expect(veronika.body).toContain('<strong>Tančilo se do rána.</strong>');
    expect(veronika.body).not.toContain('**Tančilo');
    expect(veronika.body).not.toContain('## Zámek');
    // Strapi's id 4 does not exist; the sample wedding with that id must not answer for it.
    expect((await get('/weddings/id/4')).status).toBe(404);
    expect((await bannerOn('/admin', 'desktop')).banner).toBeNull();
  }, 180_000);

  it('keeps the last good content through three revalidations and a restart, with the admin banner', async () => {
    await strapi.stop();
    for (let i = 1; i <= 3; i++) {
      await revalidate();
      await expectLastGoodContent(`outage, revalidation ${i}`);
    }
    const diag = await bannerOn('/strapi-test', 'phone');
    expect(diag.banner).toMatch(/^Strapi neodpovídá od \d{1,2}:\d{2}, zobrazuji poslední známý obsah\.$/);
    expect(diag.failures).toBeGreaterThanOrEqual(3);
    expect(diag.weddings).toContain('Fake Strapi: Veronika & Lukáš');
    expect(diag.weddings).not.toContain(SAMPLE_COUPLE);
    expect((await bannerOn('/admin', 'desktop')).banner).toBe(diag.banner);
    expect(count(server.output(), OUTAGE_LOG)).toBe(1);
    expect(server.output()).toContain('ECONNREFUSED');

    // A restart during the outage: nothing in memory, the last good content comes from the database.
    await server.stop();
    server = await startServer(serverEnv(), { dataDir });
    await expectLastGoodContent('after the restart');
    await revalidate();
    await expectLastGoodContent('after the restart, revalidated');
    expect((await bannerOn('/admin', 'phone')).banner).toMatch(/^Strapi neodpovídá od \d{1,2}:\d{2}, zobrazuji poslední známý obsah\.$/);
    expect(count(server.output(), OUTAGE_LOG)).toBe(1);
  }, 600_000);

  it('Strapi back: fresh content within one revalidation, the banner gone', async () => {
    strapi.data.weddings[0].fields.couple = 'Fake Strapi: Veronika & Lukáš po výpadku';
    await strapi.restart();
    await revalidate();
    const portfolio = await get('/portfolio');
    expect(portfolio.body).toContain('Fake Strapi: Veronika &amp; Lukáš po výpadku');
    expect((await get('/weddings/veronika-lukas')).body).toContain('Fake Strapi: Veronika &amp; Lukáš po výpadku');
    expect((await bannerOn('/admin', 'desktop')).banner).toBeNull();
    expect(server.output()).toContain('strapi answers again');
  }, 180_000);
});
