import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { expectNoAxeViolations, launchBrowser, newContext, newDataDir, type RunningServer, startServer } from './harness';
import { startFakeContentful, type FakeContentful } from '../fakes/contentful';
import { startFakeStrapi, type FakeStrapi } from '../fakes/strapi';

/**
 * The same production build started against different content sources (configuration read at run time):
 * /strapi-test diagnostics, images through /api/placeholder and /api/media + next/image, the revalidate
 * webhook, and fallbacks when the source fails.
 */

let browser: Browser;
let cf: FakeContentful;
let strapi: FakeStrapi;
const SECRET = 'e2e-revalidate-secret';

beforeAll(async () => {
  [browser, cf, strapi] = await Promise.all([launchBrowser(), startFakeContentful({ assetHost: 'self' }), startFakeStrapi({ version: 'v4' })]);
});
afterAll(async () => {
  await browser?.close();
  await cf?.stop();
  await strapi?.stop();
});

const ADMIN = { email: 'anna.diagnostika@example.cz', password: 'Diagnostika-2026!' };

/** A server whose database already holds the photographer's admin account (PGlite: one process per folder). */
async function startWithAdmin(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = newDataDir();
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  return startServer(env, { dataDir });
}

/** The admin's session cookie, from the real sign-in endpoint. */
async function adminCookie(server: RunningServer): Promise<{ name: string; value: string; url: string }> {
  const res = await fetch(`${server.url}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  const { jwt } = (await res.json()) as { jwt: string };
  return { name: 'strapi_jwt', value: jwt, url: server.url };
}

/**
 * /strapi-test as a visitor sees it, or as the signed-in admin (`asAdmin`): addresses and error texts of the
 * content sources are the admin's eyes only; a visitor sees that they are hidden.
 */
async function diagnostics(server: RunningServer, device: 'phone' | 'desktop' = 'desktop', asAdmin = false) {
  const ctx = await newContext(browser, device);
  if (asAdmin) await ctx.addCookies([await adminCookie(server)]);
  const page = await ctx.newPage();
  const res = await page.goto(`${server.url}/strapi-test`);
  expect(res?.status()).toBe(200);
  expect(await page.title()).toMatch(/^Diagnostika obsahu/);
  await expectNoAxeViolations(page);
  const text = {
    answered: await page.textContent('[data-testid=content-answered]'),
    count: await page.textContent('[data-testid=content-count]'),
    weddings: await page.textContent('[data-testid=content-weddings]'),
    body: await page.textContent('main'),
    strapi: (await page.locator('[data-testid=status-strapi]').count()) ? await page.textContent('[data-testid=status-strapi]') : null,
  };
  await ctx.close();
  return text;
}

describe('local source (default)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // STRAPI_URL without CONTENT_SOURCE=strapi: the site shows built-in content, /strapi-* pages read Strapi.
    server = await startWithAdmin({ REVALIDATE_SECRET: SECRET, STRAPI_URL: strapi.url, STRAPI_VERSION: 'v4' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('/strapi-test reports the built-in content in Czech with no axe violations', async () => {
    const d = await diagnostics(server, 'phone');
    expect(d.answered).toBe('ano');
    expect(d.count).toBe('5');
    expect(d.body).toContain('Vestavěný obsah');
    expect(d.weddings).toContain('Tereza & Jakub');
    expect(d.weddings).not.toContain('Fake Strapi');
    expect(d.strapi).toMatch(/Zdroj odpověděl: ano/);
    // A visitor never learns where the Strapi server lives; the admin does.
    expect(d.body).not.toContain(strapi.url);
    expect((await diagnostics(server, 'desktop', true)).strapi).toContain(strapi.url);
  });

  it('serves placeholder images as small immutable JPEGs, optimised to AVIF by next/image', async () => {
    const res = await fetch(`${server.url}/api/placeholder/tereza-jakub-1/1200x900.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(40_000);
    const opt = await fetch(`${server.url}/_next/image?url=${encodeURIComponent('/api/placeholder/tereza-jakub-1/1200x900.jpg')}&w=828&q=75`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(opt.status).toBe(200);
    expect(opt.headers.get('content-type')).toBe('image/avif');
    expect((await fetch(`${server.url}/api/placeholder/x/99999x1.jpg`)).status).toBe(400);
  });

  it('the revalidate webhook refuses a wrong secret in Czech and accepts the right one', async () => {
    const wrong = await fetch(`${server.url}/api/revalidate`, { method: 'POST', headers: { 'x-revalidate-secret': 'nope' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe('Neplatný nebo chybějící tajný klíč.');
    const ok = await fetch(`${server.url}/api/revalidate?secret=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'entry.update', model: 'wedding', entry: { slug: 'tereza-jakub' } }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ revalidated: true, origin: 'strapi', slug: 'tereza-jakub', message: 'Obsah byl obnoven.' });
    const bad = await fetch(`${server.url}/api/revalidate`, { method: 'POST', headers: { 'x-revalidate-secret': SECRET, 'content-type': 'application/json' }, body: '{oops' });
    expect(bad.status).toBe(400);
  });
});

describe('Contentful source (fake CDA)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startWithAdmin({ ...cf.env(), REVALIDATE_SECRET: SECRET, CONTENT_REVALIDATE_SECONDS: '3600' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the fake weddings on /strapi-test and its images through /api/media', async () => {
    cf.setMode('ok');
    const d = await diagnostics(server);
    expect(d.answered).toBe('ano');
    expect(d.count).toBe('3');
    expect(d.weddings).toContain('Fake Contentful: Klára & Ondřej');
    const media = await fetch(`${server.url}/_next/image?url=${encodeURIComponent('/api/media/contentful/assets/fakespace/a-1/a-1.jpg')}&w=640&q=75`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/avif');
  });

  it('keeps showing cached content after an edit until the webhook revalidates', async () => {
    const entry = cf.data.entries.find((e) => e.sys.id === 'w-klara')!;
    entry.fields.couple = 'Fake Contentful: Klára & Ondřej (upraveno)';
    try {
      expect((await diagnostics(server)).weddings).not.toContain('(upraveno)');
      const res = await fetch(`${server.url}/api/revalidate`, {
        method: 'POST',
        headers: { 'x-revalidate-secret': SECRET, 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' },
        body: JSON.stringify({ sys: { type: 'Entry', id: 'w-klara', contentType: { sys: { id: 'wedding' } } }, fields: { slug: { 'cs-CZ': 'klara-ondrej' } } }),
      });
      expect(await res.json()).toMatchObject({ revalidated: true, origin: 'contentful', model: 'wedding', slug: 'klara-ondrej' });
      expect((await diagnostics(server)).weddings).toContain('Fake Contentful: Klára & Ondřej (upraveno)');
    } finally {
      entry.fields.couple = 'Fake Contentful: Klára & Ondřej';
    }
  });

  it('reports a failing source and keeps showing its last good weddings', async () => {
    cf.setMode('unauthorized');
    try {
      const revalidated = await fetch(`${server.url}/api/revalidate`, { method: 'POST', headers: { 'x-revalidate-secret': SECRET, 'content-type': 'application/json' }, body: '{}' });
      expect(revalidated.status).toBe(200);
      const d = await diagnostics(server);
      expect(d.answered).toBe('ne');
      expect(d.body).not.toContain('AccessTokenInvalid');
      expect(d.body).toContain('skryto – podrobnosti vidí přihlášený administrátor');
      expect(d.body).toContain('poslední známý obsah z tohoto zdroje');
      expect(d.body).toMatch(/Contentful neodpovídá od \d{1,2}:\d{2}, zobrazuji poslední známý obsah\./);
      expect(d.weddings).toContain('Fake Contentful: Klára & Ondřej');
      expect(d.weddings).not.toContain('Tereza & Jakub');
      expect(d.body).not.toContain('fake-cda-token');
      const asAdmin = await diagnostics(server, 'desktop', true);
      expect(asAdmin.body).toContain('AccessTokenInvalid');
      expect(asAdmin.body).not.toContain('fake-cda-token');
    } finally {
      cf.setMode('ok');
    }
  });
});

describe('Strapi source (fake v4)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A slow first answer on a busy machine must not be taken for an outage (the samples would be shown).
    server = await startWithAdmin({ ...strapi.env(), CONTENT_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the fake weddings, Strapi URL and version, and serves uploads through /api/media', async () => {
    const d = await diagnostics(server, 'phone');
    expect(d.answered).toBe('ano');
    expect(d.count).toBe('3');
    expect(d.body).not.toContain(strapi.url);
    const asAdmin = await diagnostics(server, 'desktop', true);
    expect(asAdmin.body).toContain(strapi.url);
    expect(asAdmin.body).toContain('v4');
    expect(d.weddings).toContain('Fake Strapi: Veronika & Lukáš');
    const img = await fetch(`${server.url}/api/media/strapi/uploads/veronika-1_a1b2c3.jpg`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
  });
});
