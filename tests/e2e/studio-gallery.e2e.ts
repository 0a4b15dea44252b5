import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { expectNoAxeViolations, hydrated, launchBrowser, newDataDir, newQuietContext, PHONE, type RunningServer, skipConsentBanner, startServer } from './harness';
import { GALLERY_PAGE_SIZE } from '@/content/ui/gallery/gallery-model';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * A big uploaded gallery on a phone, in real Chromium against the production build: only the first viewport's photo
 * (the hero) is eager; every gallery photo is lazy, so the first load fetches only what is near the viewport and the
 * rest arrives while scrolling. The gallery comes in pages: the first GALLERY_PAGE_SIZE photos in the page's HTML,
 * the rest from GET /api/weddings/{slug}/fotografie as the visitor nears the end, or through `?strana=N` links
 * without JavaScript. (The Lighthouse budget of a 150-photo wedding is measured in bench/studio.ts.)
 */

const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
/** Enough photos that the gallery reaches far below Chromium's lazy-loading distance on a phone, and two pages. */
const PHOTOS = 40;
/** Every fourth photo is a portrait, the rest are of the ceremony: both categories reach beyond the first page. */
const categoryOf = (i: number) => (i % 4 === 0 ? 'portrety' : 'obrad');
const altsOf = (category: string) => Array.from({ length: PHOTOS }, (_, i) => i).filter((i) => categoryOf(i) === category).map((i) => `Fotografie ${i + 1}`);

let browser: Browser;
let server: RunningServer;
let slug = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-studio-gallery-'));

beforeAll(async () => {
  const dataDir = newDataDir(tmp);
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
    expect((await fetch(`${server.url}/api/admin/photos/${id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ alt: `Fotografie ${i + 1}`, category: categoryOf(i) }) })).status).toBe(200);
  }
  const statuses = async () => ((await (await fetch(`${server.url}/api/admin/weddings/${wedding.id}`, { headers: auth })).json()) as { photos: { status: string }[] }).photos.map((p) => p.status);
  await expect.poll(statuses, { timeout: 240_000, interval: 1000 }).toEqual(Array(PHOTOS).fill('ready'));
  expect((await fetch(`${server.url}/api/admin/weddings/${wedding.id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ published: true }) })).status).toBe(200);
  }, 360_000);

  it('the first HTML holds one page of photos', async () => {
    const html = await (await fetch(`${server.url}/weddings/${slug}`)).text();
    const photoImgs = html.match(/<img[^>]+src="\/api\/photos\//g) ?? [];
    // The hero plus the first page of the gallery.
    expect(photoImgs).toHaveLength(GALLERY_PAGE_SIZE + 1);
    expect(html).toContain('Další fotografie');
    expect(html).toContain('?strana=2');
  });

  it('loads only the first viewport eagerly; the other pages and photos arrive while scrolling', async () => {
    const ctx = await newQuietContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    const requested = new Set<string>();
    page.on('request', (r) => {
      const m = /\/api\/photos\/([0-9a-f-]{36})\//.exec(r.url());
      if (m && r.resourceType() === 'image') requested.add(m[1]);
    });
    const slices: { status: number; page: string | null; cache: string | undefined }[] = [];
    page.on('response', (r) => {
      if (r.url().includes(`/api/weddings/${slug}/fotografie?`)) slices.push({ status: r.status(), page: new URL(r.url()).searchParams.get('strana'), cache: r.headers()['cache-control'] });
    });
    await page.goto(`${server.url}/weddings/${slug}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');

    const readImgs = () =>
      page.$$eval('main img[src*="/api/photos/"]', (els) =>
        els.map((e) => ({ id: /\/api\/photos\/([0-9a-f-]{36})\//.exec(e.getAttribute('src') ?? '')?.[1] ?? '', loading: e.getAttribute('loading'), top: e.getBoundingClientRect().top + window.scrollY, viewport: window.innerHeight })),
      );
    const imgs = await readImgs();
    // The hero plus the first page of the gallery; nothing fetched for the other pages yet.
    expect(imgs.length).toBe(GALLERY_PAGE_SIZE + 1);
    expect(slices).toEqual([]);
    const eager = imgs.filter((i) => i.loading !== 'lazy');
    expect(eager).toHaveLength(1);
    expect(eager[0].top).toBeLessThan(eager[0].viewport); // the one eager image is in the first viewport
    // First load: nothing far below the viewport was fetched (Chromium's lazy distance is at most 2500 px), and
    // far fewer photos than the gallery holds.
    const far = imgs.filter((i) => i.top > i.viewport + 2500);
    expect(far.length).toBeGreaterThan(0);
    for (const f of far) expect(requested.has(f.id), `photo at ${Math.round(f.top)} px fetched on first load`).toBe(false);
    expect(requested.size).toBeLessThan(PHOTOS / 2);

    // Nearing the end of the mosaic brings the next page (one cacheable JSON answer), until every photo is there.
    const items = page.locator('[data-testid="gallery-grid"] li');
    for (let shown = await items.count(); shown < PHOTOS; shown = await items.count()) {
      await page.locator('[data-testid="gallery-pager"]').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThan(shown);
    }
    expect(await items.count()).toBe(PHOTOS);
    expect(slices).toEqual([{ status: 200, page: '2', cache: 'public, max-age=31536000, immutable' }]);
    expect(await page.locator('[data-testid="gallery-pager"]').count()).toBe(0);

    // Scrolling through the whole mosaic requests every photo.
    const all = await readImgs();
    expect(all.length).toBe(PHOTOS + 1);
    // Step by step, each step held until the browser has rendered it: lazy images are started by the rendering
    // step's intersection checks, so a position skipped within one frame would never start its images (a visitor's
    // scroll always renders its frames).
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate(
        (top) =>
          new Promise<void>((done) => {
            window.scrollTo(0, top);
            requestAnimationFrame(() => requestAnimationFrame(() => done()));
          }),
        y,
      );
    }
    await expect.poll(() => requested.size, { timeout: 30_000 }).toBe(new Set(all.map((i) => i.id)).size);
    await ctx.close();
  }, 120_000);

  it('without JavaScript, the page links reach every photo, also within a category', async () => {
    const ctx = await browser.newContext({ ...PHONE, locale: 'cs-CZ', javaScriptEnabled: false });
    await skipConsentBanner(ctx, server.url);
    const page = await ctx.newPage();
    const alts = () => page.$$eval('[data-testid="gallery-grid"] img', (els) => els.map((e) => e.getAttribute('alt') ?? ''));
    const more = page.getByRole('link', { name: 'Další fotografie' });

    await page.goto(`${server.url}/weddings/${slug}`);
    const first = await alts();
    expect(first).toHaveLength(GALLERY_PAGE_SIZE);
    await more.click();
    await page.waitForURL((u) => u.searchParams.get('strana') === '2');
    const second = await alts();
    expect(second).toHaveLength(PHOTOS - GALLERY_PAGE_SIZE);
    expect([...first, ...second]).toEqual(Array.from({ length: PHOTOS }, (_, i) => `Fotografie ${i + 1}`));
    expect(await more.count()).toBe(0);
    await page.getByRole('link', { name: 'Předchozí fotografie' }).click();
    await page.waitForURL((u) => !u.searchParams.has('strana'));
    expect(await alts()).toEqual(first);

    // A category chip, then its second page.
    await page.locator('a.chip', { hasText: 'Obřad' }).click();
    await page.waitForURL((u) => u.searchParams.get('kategorie') === 'obrad');
    const ceremony = await alts();
    expect(ceremony).toHaveLength(GALLERY_PAGE_SIZE);
    await more.click();
    await page.waitForURL((u) => u.searchParams.get('kategorie') === 'obrad' && u.searchParams.get('strana') === '2');
    expect([...ceremony, ...(await alts())]).toEqual(altsOf('obrad'));
    await ctx.close();
  }, 60_000);

  it('filtering by a category shows all its photos, also those beyond the first page', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/weddings/${slug}`);
    await hydrated(page, '[data-testid="gallery-grid"] a');
    const alts = () => page.$$eval('[data-testid="gallery-grid"] img', (els) => els.map((e) => e.getAttribute('alt') ?? ''));
    const items = page.locator('[data-testid="gallery-grid"] li');

    // Portraits: 10 photos spread over the whole gallery (4 of them after the first page of all photos).
    const portraits = page.locator('a.chip', { hasText: 'Portréty' });
    expect(await portraits.locator('.count').textContent()).toBe('10');
    await portraits.click();
    await expect.poll(alts, { timeout: 20_000 }).toEqual(altsOf('portrety'));
    expect(new URL(page.url()).searchParams.get('kategorie')).toBe('portrety');
    expect(await page.locator('[data-testid="gallery-pager"]').count()).toBe(0);

    // The ceremony: 30 photos, two pages of the category.
    await page.locator('a.chip', { hasText: 'Obřad' }).click();
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(GALLERY_PAGE_SIZE);
    await page.locator('[data-testid="gallery-pager"]').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await expect.poll(alts, { timeout: 20_000 }).toEqual(altsOf('obrad'));
    await expectNoAxeViolations(page);

    // The lightbox covers the category: its last photo, with its caption.
    await items.last().locator('a').click();
    await page.locator('dialog[aria-modal="true"]').waitFor();
    expect(await page.locator('[data-testid="lightbox-position"]').textContent()).toBe('Fotografie 30 / 30');
    expect(await page.locator('dialog figcaption').textContent()).toBe('Obřad');
    await ctx.close();
  }, 60_000);

  it('keyboard: the "more" link loads the next page in place and moves focus to its first photo', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/weddings/${slug}`);
    await hydrated(page, '[data-testid="gallery-more"]');
    await page.locator('[data-testid="gallery-more"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('img')?.getAttribute('alt') ?? null), { timeout: 20_000 }).toBe(`Fotografie ${GALLERY_PAGE_SIZE + 1}`);
    expect(new URL(page.url()).searchParams.has('strana')).toBe(false);
    expect(await page.locator('[data-testid="gallery-grid"] li').count()).toBe(PHOTOS);
    await ctx.close();
  }, 60_000);

  it('the JSON route refuses bad queries with Czech messages', async () => {
    const base = `${server.url}/api/weddings/${slug}/fotografie`;
    const res = await fetch(`${base}?v=0123456789abcdef&strana=2`);
    expect(res.status).toBe(409);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('Galerie se mezitím změnila');
    const refused = async (url: string, status: number, czech: string) => {
      const r = await fetch(url);
      expect(r.status, url).toBe(status);
      expect(((await r.json()) as { error: { message: string } }).error.message, url).toContain(czech);
    };
    await refused(`${base}?strana=2`, 400, 'verze galerie');
    await refused(`${base}?v=0123456789abcdef&strana=abc`, 400, 'Stránka galerie');
    await refused(`${base}?v=0123456789abcdef&strana=1&kategorie=${'a'.repeat(150)}`, 400, 'Kategorie galerie');
    await refused(`${server.url}/api/weddings/neni-takova/fotografie?v=0123456789abcdef&strana=2`, 404, 'Tuto svatbu jsem nenašla.');
  });
});
