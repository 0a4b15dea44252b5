import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { SAMPLE_WEDDINGS } from '@/content/sample-weddings';
import { expectNoAxeViolations, hydrated, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer } from './harness';
import { hasExifOrGps, makeTestJpeg } from '../fixtures/studio-images';

/**
 * The photographer's own wedding, end to end in real Chromium against the production build: sign in, create a
 * wedding, upload generated multi-megapixel JPEGs (EXIF orientation + GPS) with visible progress, set cover,
 * categories and alt texts, publish; the wedding replaces the samples on /portfolio and /weddings/{slug} with
 * AVIF/WebP variants and no GPS in any served file; unpublishing brings the samples back. Once with the local
 * disk, once with the S3 stand-in (s3rver).
 */

const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
const COUPLE = 'Žofie & Radim';
const SLUG = 'zofie-radim';
/** The slug the admin changes it to (the first one then answers 308). */
const NEW_SLUG = 'zofie-a-radim';
const sampleCouple = String(SAMPLE_WEDDINGS[0].couple);

let browser: Browser;
let s3: S3rver;
let s3Port = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-studio-'));

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'photos' }] });
  [s3Port, browser] = await Promise.all([s3.run().then((a) => a.port), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.each([
  ['local disk', () => ({})],
  ['S3 stand-in', () => ({ STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' })],
])('admin studio with %s storage', (_name, storageEnv) => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  let weddingId = '';

  beforeAll(async () => {
    const dataDir = newDataDir(tmp);
    const handle = await openDb({ url: path.join(dataDir, 'pglite') });
    await createOrPromoteAdmin(handle.db, ADMIN);
    await handle.close();
    server = await startServer({ AUTH_EMAIL_CONFIRMATION: 'false', ...storageEnv() }, { dataDir });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  const api = (p: string, init: RequestInit = {}) => fetch(server.url + p, { redirect: 'manual', ...init });

  it('the API refuses anonymous visitors (401) and couples (403) with Czech messages; admins get in by Bearer token', async () => {
    const anonymous = await api('/api/admin/weddings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/přihlásit/);

    const reg = await api('/api/auth/local/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'novomanzele', email: 'par@example.cz', password: 'Nase-Svatba-2026!' }) });
    expect(reg.status).toBe(200);
    const coupleJwt = ((await reg.json()) as { jwt: string }).jwt;
    const couple = await api('/api/admin/weddings', { method: 'POST', headers: { authorization: `Bearer ${coupleJwt}`, 'content-type': 'application/json' }, body: '{}' });
    expect(couple.status).toBe(403);
    expect(((await couple.json()) as { error: { name: string; message: string } }).error).toMatchObject({ name: 'ForbiddenError', message: expect.stringMatching(/oprávnění/) });
    const coupleUpload = await api('/api/admin/weddings/00000000-0000-4000-8000-000000000000/photos', { method: 'POST', headers: { authorization: `Bearer ${coupleJwt}` }, body: new FormData() });
    expect(coupleUpload.status).toBe(403);

    const login = await api('/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const jwt = ((await login.json()) as { jwt: string }).jwt;
    const auth = { authorization: `Bearer ${jwt}` };
    const bad = await api('/api/admin/weddings', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: '', date: '2026-02-30', location: 'Praha' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/Pár: povinné pole|takový den neexistuje/);

    const created = await api('/api/admin/weddings', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'API Test', date: '2025-05-05', location: 'Brno' }) });
    expect(created.status).toBe(201);
    const { id, slug } = (await created.json()) as { id: string; slug: string };
    expect(slug).toBe('api-test');
    // Not an image, with a path in its name.
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('just text')], { type: 'image/jpeg' }), '../../etc/passwd.jpg');
    const notImage = await api(`/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: form });
    expect(notImage.status).toBe(415);
    expect(((await notImage.json()) as { error: { message: string } }).error.message).toMatch(/není obrázek/);
    // A body over the proxy's 10 MB clone limit arrives whole (uncompressed PNG, ~12 MB).
    const big = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#a0b0c0' } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(11 * 1024 * 1024);
    const bigForm = new FormData();
    bigForm.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'velka/../fotka.png');
    const bigUp = await api(`/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: bigForm });
    expect(bigUp.status).toBe(202);
    const photo = (await bigUp.json()) as { id: string; status: string };
    expect(photo.status).toBe('processing');
    await expect
      .poll(async () => ((await (await api(`/api/admin/weddings/${id}`, { headers: auth })).json()) as { photos: { status: string }[] }).photos[0]?.status, { timeout: 60_000 })
      .toBe('ready');
    const detail = (await (await api(`/api/admin/weddings/${id}`, { headers: auth })).json()) as { photos: { fileName: string }[] };
    expect(detail.photos[0].fileName).toBe('fotka.png');
    // Same bytes again: a duplicate.
    const dupForm = new FormData();
    dupForm.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'znovu.png');
    const dup = await api(`/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: dupForm });
    expect(dup.status).toBe(409);
    expect((await api(`/api/admin/weddings/${id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
  }, 120_000);

  it('the admin creates a wedding, uploads photos with progress, describes and publishes them; the samples give way', async () => {
    ctx = await newQuietContext(browser, server.url, 'desktop');
    page = await ctx.newPage();
    await page.goto(`${server.url}/admin/login?next=/admin/svatby`);
    await hydrated(page);
    await page.fill('#identifier', ADMIN.email);
    await page.fill('#password', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.url}/admin/svatby`);
    await expectNoAxeViolations(page);

    await hydrated(page, 'form[aria-labelledby="new-title"]');
    await page.fill('#couple', COUPLE);
    await page.fill('#date', '2026-06-20');
    await page.fill('#location', 'Zámek Hluboká');
    await page.fill('#shortDescription', 'Zámecká svatba u rybníka.');
    await page.fill('#story', 'Byl to **krásný** den.');
    await page.click('button:has-text("Založit svatbu")');
    await page.waitForURL(/\/admin\/svatby\/[0-9a-f-]{36}$/);
    weddingId = page.url().split('/').pop() ?? '';
    await hydrated(page, '[data-testid="dropzone"]');
    await expectNoAxeViolations(page);

    // Generated camera files: 4.3 MP and 3.8 MP JPEGs, one taken with the camera turned, all with GPS. Wider than the
    // largest variant (1920 px), so every variant width is made; the pipeline scales every original down to that
    // first, so a 12 MP file would only add decoding time on a loaded 2-core CI box, not coverage.
    const files = await Promise.all([
      makeTestJpeg({ width: 2400, height: 1800, orientation: 6, gps: true, seed: 11 }).then((buffer) => ({ name: 'DSC_0001.jpg', mimeType: 'image/jpeg', buffer })),
      makeTestJpeg({ width: 2400, height: 1600, gps: true, seed: 12 }).then((buffer) => ({ name: 'DSC_0002.jpg', mimeType: 'image/jpeg', buffer })),
      makeTestJpeg({ width: 2400, height: 1600, gps: true, seed: 13 }).then((buffer) => ({ name: 'DSC_0003.jpg', mimeType: 'image/jpeg', buffer })),
    ]);
    // The first upload request is cut off (as by a dropped connection): that file fails visibly and is retried.
    let cut = false;
    await page.route('**/api/admin/weddings/*/photos', async (route) => {
      if (!cut) {
        cut = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.setInputFiles('input[type="file"]', files);
    const failed = page.locator('ul[aria-label="Nahrávané soubory"] li[data-state="error"]');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Spojení se serverem se přerušilo');
    await failed.locator('button:has-text("Zkusit znovu")').click();
    // Progress is shown per file and overall, and every file ends uploaded.
    await page.waitForSelector('#upload-overall');
    expect(await page.locator('ul[aria-label="Nahrávané soubory"] progress').count()).toBe(3);
    await expect.poll(() => page.locator('label[for="upload-overall"]').textContent(), { timeout: 60_000 }).toBe('Nahráno 3 z 3');
    expect(await page.locator('#upload-overall').evaluate((el) => (el as HTMLProgressElement).value)).toBe(1);
    // Three photos × 4 widths × AVIF/WebP/JPEG on a shared 2-core machine: allow minutes, not seconds (a broken
    // pipeline never gets there; a stuck or failed photo shows another status).
    await expect.poll(() => page.locator('li[data-status="ready"]').count(), { timeout: 180_000 }).toBe(3);
    await expectNoAxeViolations(page);

    // Publishing without alt texts is refused with a Czech message.
    await page.click('button:has-text("Zveřejnit")');
    await expect.poll(() => page.locator('[data-testid="studio-message"]').textContent()).toMatch(/doplňte popis \(alt\)/);

    const items = page.locator('ol[aria-label="Fotografie svatby"] > li');
    const alts = ['Nevěsta u okna', 'Obřad na nádvoří', 'Tanec za soumraku'];
    const categories = ['pripravy', 'obrad', 'tanec'];
    for (let i = 0; i < 3; i++) {
      const li = items.nth(i);
      const saved = page.waitForResponse((r) => r.url().includes('/api/admin/photos/') && r.request().method() === 'PATCH' && r.ok());
      await li.locator('input[id^="alt-"]').fill(alts[i]);
      await li.locator('select').focus(); // blur saves the alt text
      await saved;
      const savedCat = page.waitForResponse((r) => r.url().includes('/api/admin/photos/') && r.request().method() === 'PATCH' && r.ok());
      await li.locator('select').selectOption(categories[i]);
      await savedCat;
    }
    // Cover: the second photo. Order: move the first photo one place later with the keyboard (Alt + ↓).
    const coverSaved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/weddings/${weddingId}`) && r.request().method() === 'PATCH' && r.ok());
    await items.nth(1).locator('input[type="radio"]').check();
    await coverSaved;
    const firstId = await items.nth(0).getAttribute('data-photo-id');
    const orderSaved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/weddings/${weddingId}`) && r.request().method() === 'PATCH' && r.ok());
    await items.nth(0).locator('input[id^="alt-"]').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await orderSaved;
    await expect.poll(() => items.nth(1).getAttribute('data-photo-id')).toBe(firstId);
    // And by dragging: the last photo onto the first place.
    const lastId = await items.nth(2).getAttribute('data-photo-id');
    const dragSaved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/weddings/${weddingId}`) && r.request().method() === 'PATCH' && r.ok());
    await items.nth(2).dragTo(items.nth(0));
    await dragSaved;
    await expect.poll(() => items.nth(0).getAttribute('data-photo-id')).toBe(lastId);

    await page.click('button:has-text("Zveřejnit")');
    await expect.poll(() => page.locator('[data-testid="studio-message"]').textContent()).toContain('Svatba je zveřejněná.');
    await expectNoAxeViolations(page);
    // A new address; the old one keeps working.
    await page.fill('#slug', NEW_SLUG);
    await page.click('button:has-text("Uložit údaje")');
    await expect.poll(() => page.locator('[data-testid="studio-message"]').textContent()).toBe('Uloženo.');
  }, 360_000);

  it('the published wedding replaces the samples, with AVIF/WebP variants and no GPS in any served file', async () => {
    const visitor = await newQuietContext(browser, server.url, 'desktop');
    const p = await visitor.newPage();
    await p.goto(`${server.url}/portfolio`);
    const portfolio = (await p.textContent('main')) ?? '';
    expect(portfolio).toContain(COUPLE);
    expect(portfolio).not.toContain(sampleCouple);

    const served: { url: string; type: string; status: number }[] = [];
    p.on('response', (r) => {
      if (r.url().includes('/api/photos/')) served.push({ url: r.url(), type: r.headers()['content-type'] ?? '', status: r.status() });
    });
    const moved = await fetch(`${server.url}/weddings/${SLUG}`, { redirect: 'manual' });
    expect(moved.status).toBe(308);
    // Exactly one Location, also on this first answer (Next 16 appends the cached redirect's stored headers to the
    // answer that rendered it; server.mjs sends a repeated identical Location once).
    expect(new URL(moved.headers.get('location') ?? '', server.url).pathname).toBe(`/weddings/${NEW_SLUG}`);
    const res = await p.goto(`${server.url}/weddings/${SLUG}`);
    expect(res?.request().redirectedFrom()?.response() ? (await res.request().redirectedFrom()!.response())!.status() : null).toBe(308);
    expect(new URL(p.url()).pathname).toBe(`/weddings/${NEW_SLUG}`);
    expect(res?.status()).toBe(200);
    expect(await p.textContent('h1')).toContain(COUPLE);
    await expectNoAxeViolations(p);
    const imgs = await p.$$eval('main img[src*="/api/photos/"]', (els) => els.map((e) => ({ src: e.getAttribute('src') ?? '', srcset: e.getAttribute('srcset') ?? '', loading: e.getAttribute('loading'), alt: e.getAttribute('alt'), w: e.getAttribute('width'), h: e.getAttribute('height') })));
    expect(imgs.length).toBeGreaterThanOrEqual(3);
    // Every image has its size (no layout shift) and its alt text; the first one loads eagerly, the gallery lazily.
    for (const img of imgs) {
      expect(Number(img.w)).toBeGreaterThan(0);
      expect(Number(img.h)).toBeGreaterThan(0);
      expect(img.srcset).toMatch(/\/api\/photos\/[0-9a-f-]+\/\d+ \d+w/);
    }
    expect(imgs[0].loading).toBe('eager');
    expect(imgs.slice(1).some((i) => i.loading === 'lazy')).toBe(true);
    expect(imgs.map((i) => i.alt)).toEqual(expect.arrayContaining(['Nevěsta u okna', 'Obřad na nádvoří', 'Tanec za soumraku']));
    await expect.poll(() => served.length).toBeGreaterThan(0);
    // Chromium takes AVIF; a photo it already showed on /portfolio is revalidated (304, no body, nothing re-sent).
    expect(served.filter((s) => s.status !== 304)).not.toHaveLength(0);
    for (const s of served) expect(s.status === 304 || (s.status === 200 && s.type === 'image/avif'), `${s.url}: ${s.status} ${s.type}`).toBe(true);

    // Every format of every served URL: the right type, long-cached, and no EXIF/GPS.
    const urls = [...new Set(imgs.flatMap((i) => [i.src, ...i.srcset.split(',').map((s) => s.trim().split(' ')[0])]))];
    for (const u of urls) {
      for (const [accept, type] of [
        ['image/avif,image/webp,*/*', 'image/avif'],
        ['image/webp,*/*', 'image/webp'],
        ['*/*', 'image/jpeg'],
      ] as const) {
        const r = await fetch(server.url + u, { headers: { accept } });
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toBe(type);
        // Cached, but revalidated on every use (304 by ETag while published): no cache outlives the publication.
        expect(r.headers.get('cache-control')).toBe('public, no-cache');
        expect(r.headers.get('etag')).toBeTruthy();
        expect(await hasExifOrGps(Buffer.from(await r.arrayBuffer()))).toBe(false);
      }
    }
    // The portrait photo was turned upright by its EXIF orientation.
    const dims = await Promise.all(imgs.map(async (i) => (await sharp(Buffer.from(await (await fetch(server.url + i.src)).arrayBuffer())).metadata()).height ?? 0));
    const widths = await Promise.all(imgs.map(async (i) => (await sharp(Buffer.from(await (await fetch(server.url + i.src)).arrayBuffer())).metadata()).width ?? 0));
    expect(dims.some((h, i) => h > widths[i])).toBe(true);
    // A sample wedding is gone while the studio has a published one.
    expect((await fetch(`${server.url}/weddings/${SAMPLE_WEDDINGS[0].slug}`)).status).toBe(404);
    // The original is private: no route serves it.
    expect((await fetch(`${server.url}/api/photos/${weddingId}/original`)).status).toBe(404);
    await visitor.close();
  }, 120_000);

  it('a draft preview is admin-only; unpublishing brings the samples back at once', async () => {
    expect((await api(`/admin/svatby/${weddingId}/nahled`)).status).toBe(307);
    await page.goto(`${server.url}/admin/svatby/${weddingId}/nahled`);
    expect(await page.textContent('h1')).toContain(COUPLE);
    await expectNoAxeViolations(page);
    await page.goto(`${server.url}/admin/svatby/${weddingId}`);
    await hydrated(page, '[data-testid="dropzone"]');
    await page.click('button:has-text("Skrýt z webu")');
    await expect.poll(() => page.locator('[data-testid="studio-message"]').textContent()).toContain('Svatba je skrytá');
    const portfolio = await (await fetch(`${server.url}/portfolio`)).text();
    expect(portfolio).toContain(sampleCouple.replace('&', '&amp;'));
    expect(portfolio).not.toContain(COUPLE.replace('&', '&amp;'));
    expect((await fetch(`${server.url}/weddings/${NEW_SLUG}`)).status).toBe(404);
    // Its photos stop answering publicly at once; the admin's previews keep working, never cached.
    const hidden = (await (await page.request.get(`${server.url}/api/admin/weddings/${weddingId}`)).json()) as { photos: { id: string }[] };
    const variant = `/api/photos/${hidden.photos[0]!.id}/384.webp`;
    expect((await fetch(server.url + variant)).status).toBe(404);
    const preview = await page.request.get(server.url + variant);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['cache-control']).toBe('private, no-store');
    // Deleting a photo asks first.
    const before = await page.locator('ol[aria-label="Fotografie svatby"] > li').count();
    page.once('dialog', (d) => {
      expect(d.message()).toContain('Opravdu smazat fotografii');
      void d.accept();
    });
    await page.locator('ol[aria-label="Fotografie svatby"] > li').first().locator('button:has-text("Smazat")').click();
    await expect.poll(() => page.locator('ol[aria-label="Fotografie svatby"] > li').count()).toBe(before - 1);
  }, 60_000);
});

describe('admin studio queue across a crash', () => {
  let server: RunningServer;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = newDataDir(tmp);
    const handle = await openDb({ url: path.join(dataDir, 'pglite') });
    await createOrPromoteAdmin(handle.db, ADMIN);
    await handle.close();
    server = await startServer({}, { dataDir });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('photos acknowledged before a kill -9 are processed after the restart; none is half-published', async () => {
    const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'Pád a Restart', date: '2026-10-10', location: 'Olomouc' }) });
    const { id } = (await created.json()) as { id: string };
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await makeTestJpeg({ width: 4000, height: 3000, gps: true, seed: 50 + i }))], { type: 'image/jpeg' }), `p${i}.jpg`);
      const res = await fetch(`${server.url}/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: form });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Killed while the queue works on the first photos.
    await server.stop('SIGKILL');
    server = await startServer({}, { dataDir });
    const photos = async () => ((await (await fetch(`${server.url}/api/admin/weddings/${id}`, { headers: auth })).json()) as { photos: { id: string; status: string }[] }).photos;
    expect((await photos()).map((p) => p.id).sort()).toEqual([...ids].sort());
    await expect.poll(async () => (await photos()).map((p) => p.status), { timeout: 180_000 }).toEqual(['ready', 'ready', 'ready', 'ready']);
    for (const pid of ids) {
      // The wedding is a draft: its photos answer 404 to visitors and 200 to the admin's preview.
      expect((await fetch(`${server.url}/api/photos/${pid}/384.jpg`)).status).toBe(404);
      const res = await fetch(`${server.url}/api/photos/${pid}/384.jpg`, { headers: auth });
      expect(res.status).toBe(200);
      expect(await hasExifOrGps(Buffer.from(await res.arrayBuffer()))).toBe(false);
    }
  }, 300_000);
});
