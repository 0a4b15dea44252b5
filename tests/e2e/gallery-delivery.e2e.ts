import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import S3rver from 's3rver';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { createLocalStorage } from '@/platform/storage/local';
import { createS3Storage } from '@/platform/storage/s3';
import type { Storage } from '@/platform/storage/types';
import { addGalleryPhotoFromFile, addSet, createGallery, galleryPhotosAll } from '@/galleries/public.server';
import { updateGallery } from '@/galleries/admin.server';
import { makeTestJpeg } from '../fixtures/studio-images';
import { expectNoAxeViolations, hydrated, launchBrowser, newContext, skipConsentBanner, startServer, startSmtp, type RunningServer } from './harness';

/**
 * The couple's side of a client gallery against the production server on PostgreSQL, with photos processed by the
 * server's own worker, once with the local disk and once with the S3 stand-in (s3rver): nothing before the code, the code form in Chromium, favourites and the album limit, a
 * single original without GPS, the whole gallery as a ZIP that unpacks to the stored files and resumes with Range,
 * the guest code's limits, the photographer's ready mail over SMTP, and the expired gallery's 410.
 */
function postgresUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!fs.existsSync('/usr/lib/postgresql')) return undefined;
  const script = path.resolve(import.meta.dirname, '../../scripts/ci-postgres.sh');
  return execFileSync('sh', [script], { encoding: 'utf8' }).trim().split('\n').pop();
}

const base = postgresUrl();
const ADMIN = { email: 'anna.galerie@example.cz', password: 'Galerie-Predani-2026!' };
let browser: Browser;
let s3: S3rver | undefined;
let s3Port = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-gallery-'));
const S3_ENV = () => ({ STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' });

beforeAll(async () => {
  if (!base) return;
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'photos' }] });
  [s3Port, browser] = await Promise.all([s3.run().then((a) => a.port), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.runIf(base).each([
  ['local disk', (dataDir: string): { env: Record<string, string>; storage: Storage } => ({ env: {}, storage: createLocalStorage(path.join(dataDir, 'uploads')) })],
  [
    'S3 stand-in',
    (): { env: Record<string, string>; storage: Storage } => {
      const env = S3_ENV();
      return { env, storage: createS3Storage({ endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, region: env.S3_REGION }) };
    },
  ],
])('client gallery, the couple’s side (%s)', (storageName, storageOf) => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let db: DbHandle;
  let dbName = '';
  const g = { id: '', slug: '', code: '' };
  const originals = new Map<string, Buffer>();
  // A second gallery with more photos than the first screen shows eagerly (8): the photos after them work too.
  const big = { id: '', slug: '', code: '' };

  beforeAll(async () => {
    dbName = `e2e_gallery_${storageName.startsWith('S3') ? 's3' : 'disk'}_${Date.now().toString(36)}`;
    const admin = await openDb({ url: base!, migrate: false, max: 1 });
    await admin.exec(`CREATE DATABASE ${dbName}`);
    await admin.close();
    const url = new URL(base!);
    url.pathname = `/${dbName}`;
    db = await openDb({ url: url.toString(), max: 4 });
    await createOrPromoteAdmin(db.db, ADMIN);
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const { env, storage } = storageOf(dataDir);
    const deps = { db: db.db, storage };
    const created = await createGallery(deps, { title: 'Klára a Tomáš', date: '2026-06-13', coupleEmail: 'klara@example.cz', expiresAt: new Date(Date.now() + 90 * 86_400_000) });
    Object.assign(g, created);
    const pripravy = await addSet(deps, created.id, 'Přípravy');
    const specs: [string, string | undefined][] = [
      ['DSC_1024.jpg', pripravy.id],
      ['DSC_1025.jpg', pripravy.id],
      ['DSC_1188.jpg', undefined],
    ];
    for (const [i, [fileName, setId]] of specs.entries()) {
      const bytes = await makeTestJpeg({ width: 1600, height: 1067, seed: i + 11, gps: true, orientation: i === 1 ? 6 : undefined });
      const file = path.join(tmp, `p${i}.jpg`);
      fs.writeFileSync(file, bytes);
      const added = await addGalleryPhotoFromFile(deps, created.id, { filePath: file, fileName, ...(setId ? { setId } : {}) });
      originals.set(added.id, bytes);
    }
    await updateGallery(deps, created.id, { published: true, selectionLimit: 2, guestCode: 'HOSTE2026' });
    if (storageName === 'local disk') {
      Object.assign(big, await createGallery(deps, { title: 'Velká galerie', date: '2026-07-04', coupleEmail: 'velka@example.cz', expiresAt: new Date(Date.now() + 90 * 86_400_000) }));
      for (let i = 0; i < 20; i++) {
        const file = path.join(tmp, `big${i}.jpg`);
        fs.writeFileSync(file, await makeTestJpeg({ width: 480, height: 320, seed: 100 + i }));
        await addGalleryPhotoFromFile(deps, big.id, { filePath: file, fileName: `DSC_${2000 + i}.jpg` });
      }
      await updateGallery(deps, big.id, { published: true });
    }
    smtp = await startSmtp();
    // Started after the photos were queued: the server's worker processes them at start.
    // LOG_LEVEL=debug: the server logs each archive it wrote itself (the ZIP test checks the download goes that way).
    server = await startServer({ DATABASE_URL: url.toString(), SMTP_URL: smtp.url, PHOTOGRAPHER_EMAIL: 'anna.galerie@example.cz', LOG_LEVEL: 'debug', ...env }, { dataDir });
    const deadline = Date.now() + 150_000;
    for (;;) {
      const photos = [...(await galleryPhotosAll({ db: db.db }, created.id)), ...(big.id ? await galleryPhotosAll({ db: db.db }, big.id) : [])];
      if (photos.every((p) => p.status === 'ready')) break;
      if (photos.some((p) => p.status === 'failed')) throw new Error(`processing failed: ${JSON.stringify(photos.map((p) => p.error))}`);
      if (Date.now() > deadline) throw new Error(`photos not processed in time:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await db?.close();
    if (base && dbName) {
      const admin = await openDb({ url: base, migrate: false, max: 1 });
      await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.close();
    }
  });

  async function access(code: string): Promise<string> {
    const res = await fetch(`${server.url}/api/galleries/${g.slug}/access`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ code }) });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    return cookie.split(';')[0]!;
  }

    it('shows nothing of the gallery before the code: the page, the API and photo URLs', async () => {
      const page = await fetch(`${server.url}/galerie/${g.slug}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
      const html = await page.text();
      expect(html).toContain('Zadejte prosím přístupový kód');
      expect(html).not.toContain('Klára a Tomáš');
      expect(html).toMatch(/<meta name="robots" content="[^"]*noindex/);
      for (const id of originals.keys()) expect(html).not.toContain(id);
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/photos?strana=1`)).status).toBe(401);
      const [id] = [...originals.keys()];
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/photos/${id}/medium`)).status).toBe(401);
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/download`)).status).toBe(401);
      expect((await fetch(`${server.url}/api/photos/${id}/480.webp`)).status).toBeGreaterThanOrEqual(400);
      // A guessed slug reveals nothing.
      expect((await fetch(`${server.url}/galerie/neexistuje-abc123`)).status).toBe(404);
      const wrong = await fetch(`${server.url}/api/galleries/${g.slug}/access`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'SPATNE' }) });
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(/nesedí/);
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).not.toContain('/galerie/');
    });

    it('opens in Chromium with the code, hearts a photo, refuses an album selection over the limit and submits one within it', async () => {
      const context = await newContext(browser, 'phone');
      await skipConsentBanner(context, server.url);
      const page = await context.newPage();
      await page.goto(`${server.url}/galerie/${g.slug}`);
      await hydrated(page, '[data-testid="gallery-code-form"][data-hydrated="true"]');
      await expectNoAxeViolations(page);
      await page.fill('#gallery-code', 'spatny kod');
      await page.click('button[type="submit"]');
      await expect.poll(() => page.locator('#gallery-code-error').textContent()).toMatch(/nesedí/);
      await page.fill('#gallery-code', g.code.toLowerCase());
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="gallery-view"][data-hydrated="true"]');
      expect(await page.locator('h1').textContent()).toBe('Klára a Tomáš');
      expect(await page.locator('[data-photo-id]').count()).toBe(3);
      // Only the first screen's photos load eagerly (bench/gallery-page.ts checks the same with 900 photos).
      const loading = await page.locator('[data-photo-id] img').evaluateAll((imgs) =>
        imgs.map((i) => ({ inside: i.getBoundingClientRect().top < window.innerHeight, lazy: (i as HTMLImageElement).loading === 'lazy' })),
      );
      expect(loading.length).toBe(3);
      expect(loading.filter((l) => l.inside === l.lazy)).toEqual([]);
      await expectNoAxeViolations(page);

      const first = page.locator('[data-photo-id]').first();
      await first.getByRole('button', { name: /Přidat do oblíbených/ }).click();
      await expect.poll(() => first.getByRole('button', { name: /oblíbených/ }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('favorites-count').textContent()).toContain('1');

      const albumButtons = page.getByRole('button', { name: /Přidat do výběru do alba/ });
      await albumButtons.nth(0).click();
      await expect.poll(() => page.getByTestId('selection-count').textContent()).toContain('Vybráno 1 z 2');
      await page.getByRole('button', { name: /Přidat do výběru do alba/ }).nth(0).click();
      await expect.poll(() => page.getByTestId('selection-count').textContent()).toContain('Vybráno 2 z 2');
      await page.getByRole('button', { name: /Přidat do výběru do alba/ }).nth(0).click();
      await expect.poll(() => page.getByTestId('gallery-message').textContent()).toMatch(/nejvýše 2 fotografií/);

      await page.fill('#gallery-email', 'klara@example.cz');
      await page.getByRole('button', { name: 'Uložit e-mail' }).click();
      await expect.poll(() => page.getByTestId('gallery-message').textContent()).toMatch(/Děkuji/);
      await page.getByRole('button', { name: 'Odeslat výběr do alba' }).click();
      await expect.poll(() => page.getByTestId('gallery-message').textContent()).toMatch(/odeslaný/);
      const mail = await smtp.waitFor((m) => m.subject.startsWith('Výběr do alba'));
      expect(mail.text).toMatch(/DSC_10\d\d OR DSC_1\d\d\d/);

      // The lightbox opens on the photo and closes with Escape.
      await first.getByRole('button', { name: /Zvětšit fotografii/ }).click();
      await page.waitForSelector('dialog[open]');
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog[open]', { state: 'detached' });
      await context.close();
    });

    it('downloads a single original without GPS, and the whole gallery as a ZIP that unpacks to the stored files and resumes with Range', async () => {
      const cookie = await access(g.code);
      const [id] = [...originals.keys()];
      const single = await fetch(`${server.url}/api/galleries/${g.slug}/photos/${id}/original`, { headers: { cookie } });
      expect(single.status).toBe(200);
      expect(single.headers.get('content-disposition')).toContain('DSC_1024.jpg');
      const photo = Buffer.from(await single.arrayBuffer());
      expect(photo.length).toBe(Number(single.headers.get('content-length')));
      expect(await exifr.gps(photo).catch(() => undefined)).toBeFalsy();
      expect(((await exifr.parse(photo)) as { Make?: string } | undefined)?.Make).toBe('TestCam');

      const res = await fetch(`${server.url}/api/galleries/${g.slug}/download`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      const size = Number(res.headers.get('content-length'));
      const zip = Buffer.from(await res.arrayBuffer());
      expect(zip.length).toBe(size);
      const zipPath = path.join(tmp, `all-${dbName}.zip`);
      fs.writeFileSync(zipPath, zip);
      expect(execFileSync('unzip', ['-t', zipPath], { encoding: 'utf8' })).toContain('No errors detected');
      expect(execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n')).toEqual(['Přípravy/DSC_1024.jpg', 'Přípravy/DSC_1025.jpg', 'DSC_1188.jpg']);
      // The ZIP holds exactly what a single download gives (the stored full-resolution files).
      expect(execFileSync('unzip', ['-p', zipPath, 'Přípravy/DSC_1024.jpg']).equals(photo)).toBe(true);

      // An interrupted download resumes: bytes from the cut to the end, checked against the ETag.
      const cut = Math.floor(size / 2);
      const rest = await fetch(`${server.url}/api/galleries/${g.slug}/download`, { headers: { cookie, range: `bytes=${cut}-`, 'if-range': res.headers.get('etag')! } });
      expect(rest.status).toBe(206);
      expect(rest.headers.get('content-range')).toBe(`bytes ${cut}-${size - 1}/${size}`);
      const tail = Buffer.from(await rest.arrayBuffer());
      expect(Buffer.concat([zip.subarray(0, cut), tail]).equals(zip)).toBe(true);
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/download`, { headers: { cookie, range: `bytes=${size}-` } })).status).toBe(416);
    });

    it('has the server write the archive itself, after the same checks: 200, 206 with a Range, 401, 403 and HEAD', async () => {
      const written = () => server.output().split('\n').filter((l) => l.includes('"msg":"declared body: written by the server"') && l.includes(`/api/galleries/${g.slug}/download`)).length;
      const before = written();
      const cookie = await access(g.code);
      const url = `${server.url}/api/galleries/${g.slug}/download`;
      const whole = await fetch(url, { headers: { cookie } });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('x-declared-body')).toBeNull();
      const zip = Buffer.from(await whole.arrayBuffer());
      expect(zip.length).toBe(Number(whole.headers.get('content-length')));
      const part = await fetch(url, { headers: { cookie, range: 'bytes=100-4099' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-length')).toBe('4000');
      expect(part.headers.get('content-range')).toBe(`bytes 100-4099/${zip.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(zip.subarray(100, 4100))).toBe(true);
      // Both bodies went out through the server's own writer, not through Next's response stream.
      await expect.poll(written, { timeout: 5_000, interval: 20 }).toBe(before + 2);
      // HEAD: the headers of the archive, no body, nothing written.
      const head = await fetch(url, { method: 'HEAD', headers: { cookie } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(zip.length));
      expect(head.headers.get('x-declared-body')).toBeNull();
      // The checks stay in front of it: no cookie, a forged cookie, a wrong PIN.
      const anonymous = await fetch(url);
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/přístupový kód/);
      expect((await fetch(url, { headers: { cookie: `${cookie.split('=')[0]}=forged` } })).status).toBe(401);
      await updateGallery({ db: db.db }, g.id, { downloadPin: '4821' });
      try {
        const noPin = await fetch(url, { headers: { cookie } });
        expect(noPin.status).toBe(403);
        expect(((await noPin.json()) as { error: { message: string } }).error.message).toMatch(/PIN/);
        const withPin = await fetch(`${url}?pin=4821`, { headers: { cookie, range: 'bytes=0-99' } });
        expect(withPin.status).toBe(206);
        expect(Buffer.from(await withPin.arrayBuffer()).equals(zip.subarray(0, 100))).toBe(true);
      } finally {
        await updateGallery({ db: db.db }, g.id, { downloadPin: null });
      }
      await expect.poll(written, { timeout: 5_000, interval: 20 }).toBe(before + 3);
    });

    it.runIf(storageName === 'local disk')('a longer grid: a photo past the first screen hearts and opens the lightbox on itself', async () => {
      const context = await newContext(browser, 'phone');
      await skipConsentBanner(context, server.url);
      const page = await context.newPage();
      await page.goto(`${server.url}/galerie/${big.slug}`);
      await hydrated(page, '[data-testid="gallery-code-form"][data-hydrated="true"]');
      await page.fill('#gallery-code', big.code);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="gallery-view"][data-hydrated="true"]');
      const tiles = page.locator('[data-photo-id]');
      expect(await tiles.count()).toBe(20);
      // The last tile, far below the first screen (lazy image).
      const last = tiles.nth(19);
      await last.getByRole('button', { name: /Přidat do oblíbených/ }).click();
      await expect.poll(() => last.getByRole('button', { name: /oblíbených/ }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('favorites-count').textContent()).toContain('1');
      // The lightbox opens on the photo clicked.
      await tiles.nth(12).getByRole('button', { name: /Zvětšit fotografii/ }).click();
      await page.waitForSelector('dialog[open]');
      expect(await page.locator('dialog[open] img').first().getAttribute('alt')).toBe('Fotografie DSC_2012.jpg');
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog[open]', { state: 'detached' });
      await expectNoAxeViolations(page);
      await context.close();
    });

    it('gives the guest code web-size downloads only', async () => {
      const cookie = await access('hoste2026');
      const photos = (await (await fetch(`${server.url}/api/galleries/${g.slug}/photos?strana=1`, { headers: { cookie } })).json()) as { photos: { id: string }[] };
      expect(photos.photos).toHaveLength(3);
      const id = photos.photos[0]!.id;
      const original = await fetch(`${server.url}/api/galleries/${g.slug}/photos/${id}/original`, { headers: { cookie } });
      expect(original.status).toBe(403);
      expect(((await original.json()) as { error: { message: string } }).error.message).toMatch(/plném rozlišení/);
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/photos/${id}/web`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/download?size=original`, { headers: { cookie } })).status).toBe(403);
      const put = await fetch(`${server.url}/api/galleries/${g.slug}/selection/${id}`, { method: 'PUT', headers: { cookie } });
      expect(put.status).toBe(403);
    });

    it('sends the "photos ready" mail from the admin, with the link and the code', async () => {
      const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
      const { jwt } = (await login.json()) as { jwt: string };
      expect((await fetch(`${server.url}/api/admin/galleries/${g.id}/ready-mail`, { method: 'POST' })).status).toBe(401);
      const sent = await fetch(`${server.url}/api/admin/galleries/${g.id}/ready-mail`, { method: 'POST', headers: { authorization: `Bearer ${jwt}` } });
      expect(sent.status).toBe(202);
      const mail = await smtp.waitFor((m) => m.to.includes('klara@example.cz') && m.subject.includes('připravené'));
      expect(mail.text).toContain(`/galerie/${g.slug}`);
      expect(mail.text).toContain(g.code);
      const activity = (await (await fetch(`${server.url}/api/admin/galleries/${g.id}/activity`, { headers: { authorization: `Bearer ${jwt}` } })).json()) as { counts: { downloads: number; favorites: number } };
      expect(activity.counts.downloads).toBeGreaterThanOrEqual(3);
      expect(activity.counts.favorites).toBeGreaterThanOrEqual(1);
    });

    it('answers an expired gallery with 410 and a polite Czech page', async () => {
      await updateGallery({ db: db.db }, g.id, { expiresAt: new Date(Date.now() - 60_000) });
      const res = await fetch(`${server.url}/galerie/${g.slug}`);
      expect(res.status).toBe(410);
      expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
      expect(await res.text()).toContain('Platnost galerie vypršela');
      const cookie = 'x=y';
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/photos`, { headers: { cookie } })).status).toBe(410);
      expect((await fetch(`${server.url}/api/galleries/${g.slug}/download`, { headers: { cookie } })).status).toBe(410);
    });
});
