import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { launchBrowser, newQuietContext, startServer, type RunningServer } from './harness';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * A big uploaded gallery on a phone, in real Chromium against the production build: only the first viewport's photo
 * (the hero) is eager; every gallery photo is lazy, so the first load fetches only what is near the viewport and the
 * rest arrives while scrolling. (The Lighthouse budget of a 150-photo wedding is measured in bench/studio.ts.)
 */

const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
/** Enough photos that the gallery reaches far below Chromium's lazy-loading distance on a phone. */
const PHOTOS = 40;

let browser: Browser;
let server: RunningServer;
let slug = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-studio-gallery-'));

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  [server, browser] = await Promise.all([startServer({}, { dataDir }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a wedding with many uploaded photos on a phone', () => {
  it(`the admin uploads ${PHOTOS} photos through the API, describes them and publishes the wedding`, async () => {
  const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
  const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: json, body: JSON.stringify({ couple: 'Velká Galerie', date: '2026-08-08', location: 'Lednice' }) });
  const wedding = (await created.json()) as { id: string; slug: string };
  slug = wedding.slug;
  for (let i = 0; i < PHOTOS; i++) {
    const form = new FormData();
    const body = await makeTestJpeg({ width: 900, height: i % 5 === 4 ? 1200 : 600, seed: 700 + i });
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), `g${i}.jpg`);
    const res = await fetch(`${server.url}/api/admin/weddings/${wedding.id}/photos`, { method: 'POST', headers: auth, body: form });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect((await fetch(`${server.url}/api/admin/photos/${id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ alt: `Fotografie ${i + 1}` }) })).status).toBe(200);
  }
  const statuses = async () => ((await (await fetch(`${server.url}/api/admin/weddings/${wedding.id}`, { headers: auth })).json()) as { photos: { status: string }[] }).photos.map((p) => p.status);
  await expect.poll(statuses, { timeout: 240_000, interval: 1000 }).toEqual(Array(PHOTOS).fill('ready'));
  expect((await fetch(`${server.url}/api/admin/weddings/${wedding.id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ published: true }) })).status).toBe(200);
  }, 360_000);

  it('loads only the first viewport eagerly; the gallery arrives lazily while scrolling', async () => {
    const ctx = await newQuietContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    const requested = new Set<string>();
    page.on('request', (r) => {
      const m = /\/api\/photos\/([0-9a-f-]{36})\//.exec(r.url());
      if (m && r.resourceType() === 'image') requested.add(m[1]);
    });
    await page.goto(`${server.url}/weddings/${slug}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');

    const imgs = await page.$$eval('main img[src*="/api/photos/"]', (els) =>
      els.map((e) => ({ id: /\/api\/photos\/([0-9a-f-]{36})\//.exec(e.getAttribute('src') ?? '')?.[1] ?? '', loading: e.getAttribute('loading'), top: e.getBoundingClientRect().top + window.scrollY, viewport: window.innerHeight })),
    );
    // The hero plus every photo of the gallery.
    expect(imgs.length).toBe(PHOTOS + 1);
    const eager = imgs.filter((i) => i.loading !== 'lazy');
    expect(eager).toHaveLength(1);
    expect(eager[0].top).toBeLessThan(eager[0].viewport); // the one eager image is in the first viewport
    // First load: nothing far below the viewport was fetched (Chromium's lazy distance is at most 2500 px), and
    // far fewer photos than the gallery holds.
    const far = imgs.filter((i) => i.top > i.viewport + 2500);
    expect(far.length).toBeGreaterThan(0);
    for (const f of far) expect(requested.has(f.id), `photo at ${Math.round(f.top)} px fetched on first load`).toBe(false);
    const firstLoad = requested.size;
    expect(firstLoad).toBeLessThan(PHOTOS / 2);

    // Scrolling to the end brings the rest.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
    }
    await expect.poll(() => requested.size, { timeout: 30_000 }).toBe(new Set(imgs.map((i) => i.id)).size);
    await ctx.close();
  }, 120_000);
});
