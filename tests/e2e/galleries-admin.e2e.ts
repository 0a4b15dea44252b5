import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { expectNoAxeViolations, hydrated, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer } from './harness';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * Client galleries, the photographer's side, against the production server: the admin API (401/403, Czech 400s,
 * create/patch/delete, the multipart simple path, duplicates skipped), resumable tus uploads that survive a kill -9
 * of the server with every acknowledged byte, processing in the worker process with no GPS in what couples download
 * — on the local disk and on the S3 stand-in — and in real Chromium: a delivery uploaded through the UI whose
 * connection is cut mid-file (it resumes), a reloaded tab that picks up an unfinished file, a duplicate skipped, a
 * corrupt file failed with a retry, sets and publishing, with axe on every page.
 */

const ADMIN = { email: 'fotografka@example.cz', password: 'Galerie-Predani-2026!' };

let browser: Browser;
let s3: S3rver;
let s3Port = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-galleries-'));

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'photos' }] });
  [s3Port, browser] = await Promise.all([s3.run().then((a) => a.port), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function adminDataDir(): Promise<string> {
  const dataDir = newDataDir(tmp);
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  return dataDir;
}

interface AdminGalleryJson {
  id: string;
  slug: string;
  code: string;
  guestCode: string | null;
  published: boolean;
  expiresAt: string | null;
  downloads: string;
  zip: boolean;
  downloadPin: string | null;
  selectionLimit: number | null;
  photos: { id: string; status: string; fileName: string; width: number | null; height: number | null; error: string | null }[];
}

describe.each([
  ['local disk', () => ({})],
  ['S3 stand-in', () => ({ STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' })],
])('galleries admin API with %s storage', (_name, storageEnv) => {
  let server: RunningServer;
  let auth: Record<string, string> = {};
  beforeAll(async () => {
    // LOG_LEVEL=debug: the server logs how each finished upload's content hash was taken (checked below).
    server = await startServer({ AUTH_EMAIL_CONFIRMATION: 'false', LOG_LEVEL: 'debug', ...storageEnv() }, { dataDir: await adminDataDir() });
    const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
  }, 120_000);
  afterAll(async () => server?.stop());

  const api = (p: string, init: RequestInit = {}) => fetch(server.url + p, { redirect: 'manual', ...init });
  const jsonHeaders = () => ({ ...auth, 'content-type': 'application/json' });
  const gallery = async (id: string) => (await (await api(`/api/admin/galleries/${id}`, { headers: auth })).json()) as AdminGalleryJson;

  it('refuses anonymous visitors (401) and couples (403), validates in Czech, creates, patches and deletes', async () => {
    const anonymous = await api('/api/admin/galleries', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'X' }) });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/přihlásit/);
    const reg = await api('/api/auth/local/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'nevesta', email: 'nevesta@example.cz', password: 'Nase-Svatba-2026!' }) });
    const coupleJwt = ((await reg.json()) as { jwt: string }).jwt;
    const couple = await api('/api/admin/galleries', { method: 'POST', headers: { authorization: `Bearer ${coupleJwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'X' }) });
    expect(couple.status).toBe(403);
    const coupleTus = await api('/api/admin/uploads', { method: 'POST', headers: { authorization: `Bearer ${coupleJwt}`, 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(coupleTus.status).toBe(403);

    const bad = await api('/api/admin/galleries', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ title: '', coupleEmail: 'není-email' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { status: number; name: string; message: string } }).error).toMatchObject({ status: 400, name: 'ValidationError', message: expect.stringMatching(/název galerie/) });

    const created = await api('/api/admin/galleries', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ title: 'Klára a Tomáš', date: '2026-09-12', coupleEmail: 'klara@example.cz', expiresAt: '2027-03-31' }) });
    expect(created.status).toBe(201);
    const { id, slug, code } = (await created.json()) as { id: string; slug: string; code: string };
    expect(slug).toMatch(/^klara-a-tomas-[a-z0-9]{6}$/);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await gallery(id)).toMatchObject({ id, slug, code, guestCode: null, published: false, expiresAt: '2027-03-31T23:59:59.000Z', downloads: 'original', zip: true, downloadPin: null, selectionLimit: null, photos: [] });

    const pinBad = await api(`/api/admin/galleries/${id}`, { method: 'PATCH', headers: jsonHeaders(), body: JSON.stringify({ downloadPin: '12' }) });
    expect(pinBad.status).toBe(400);
    expect(((await pinBad.json()) as { error: { message: string } }).error.message).toMatch(/PIN pro stahování musí mít 4 až 8 číslic/);
    const patched = await api(`/api/admin/galleries/${id}`, { method: 'PATCH', headers: jsonHeaders(), body: JSON.stringify({ published: true, downloads: 'web', zip: false, downloadPin: '2468', selectionLimit: 40, guestCode: 'HOSTE-2026' }) });
    expect(patched.status).toBe(200);
    expect(await gallery(id)).toMatchObject({ published: true, downloads: 'web', zip: false, downloadPin: '2468', selectionLimit: 40, guestCode: 'HOSTE-2026' });
    expect((await api('/api/admin/galleries/nic', { headers: auth })).status).toBe(404);
    // The session cookie from another site's page changes nothing.
    const cookie = { cookie: `strapi_jwt=${auth.authorization!.slice('Bearer '.length)}` };
    const foreign = await api(`/api/admin/galleries/${id}`, { method: 'PATCH', headers: { ...cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, body: JSON.stringify({ published: false }) });
    expect(foreign.status).toBe(403);
    const foreignTus = await api('/api/admin/uploads', { method: 'POST', headers: { ...cookie, origin: 'https://evil.example', 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(foreignTus.status).toBe(403);
    expect((await gallery(id)).published).toBe(true);
    expect((await api(`/api/admin/galleries/${id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await api(`/api/admin/galleries/${id}`, { headers: auth })).status).toBe(404);
  }, 60_000);

  it('the multipart path stores a photo, skips the same content, and what couples download has no GPS', async () => {
    const { id } = (await (await api('/api/admin/galleries', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ title: 'Multipart' }) })).json()) as { id: string };
    const jpeg = await makeTestJpeg({ width: 2600, height: 1700, orientation: 6, gps: true, seed: 21 });
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'C:\\Fotky\\DSC_4711.JPG');
      return f;
    };
    const up = await api(`/api/admin/galleries/${id}/photos`, { method: 'POST', headers: auth, body: form() });
    expect(up.status).toBe(202);
    const photo = (await up.json()) as { id: string; status: string };
    expect(photo.status).toBe('processing');
    const again = await api(`/api/admin/galleries/${id}/photos`, { method: 'POST', headers: auth, body: form() });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: photo.id, duplicate: true });
    const notImage = new FormData();
    notImage.append('file', new Blob([Buffer.from('jen text')], { type: 'image/jpeg' }), 'text.jpg');
    const refused = await api(`/api/admin/galleries/${id}/photos`, { method: 'POST', headers: auth, body: notImage });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/není obrázek/);
    const noFile = new FormData();
    noFile.append('setId', '');
    const missing = await api(`/api/admin/galleries/${id}/photos`, { method: 'POST', headers: auth, body: noFile });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('Chybí soubor v poli „file“.');

    await expect.poll(async () => (await gallery(id)).photos[0]?.status, { timeout: 120_000, interval: 500 }).toBe('ready');
    expect((await gallery(id)).photos).toEqual([{ id: photo.id, status: 'ready', fileName: 'DSC_4711.JPG', width: 1700, height: 2600, error: null, setId: null, position: 0, sizeBytes: jpeg.length }]);
    for (const variant of ['original', 'web']) {
      const res = await api(`/api/admin/galleries/${id}/photos/${photo.id}/${variant}`, { headers: auth });
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(await exifr.gps(body)).toBeUndefined();
      expect(await exifr.parse(body)).toMatchObject({ Make: 'TestCam', Model: 'Studio E2E' });
    }
    expect((await api(`/api/admin/galleries/${id}/photos/${photo.id}/original`)).status).toBe(401);
  }, 180_000);

  it('a resumable upload keeps every acknowledged byte through a kill -9 of the server and finishes after restart', async () => {
    const { id } = (await (await api('/api/admin/galleries', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ title: 'Obnovené nahrávání' }) })).json()) as { id: string };
    const jpeg = await makeTestJpeg({ width: 3000, height: 2000, gps: true, seed: 31, quality: 95 });
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const tusHeaders = { ...auth, 'tus-resumable': '1.0.0' };
    const createRes = await api('/api/admin/uploads', {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(jpeg.length), 'upload-metadata': `target ${b64('gallery')},galleryId ${b64(id)},filename ${b64('DSC_0815.jpg')}` },
    });
    expect(createRes.status).toBe(201);
    const location = createRes.headers.get('location')!;
    expect(location).toMatch(/^\/api\/admin\/uploads\/[A-Za-z0-9_-]+$/);
    const half = Math.floor(jpeg.length / 2);
    const first = await api(location, { method: 'PATCH', headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(jpeg.subarray(0, half)) });
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    // Nothing is in the gallery yet: never a half photo.
    expect((await gallery(id)).photos).toEqual([]);

    const { port, dataDir } = server;
    await server.stop('SIGKILL');
    server = await startServer({ AUTH_EMAIL_CONFIRMATION: 'false', LOG_LEVEL: 'debug', ...storageEnv() }, { dataDir, port });
    const head = await api(location, { method: 'HEAD', headers: tusHeaders });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const rest = await api(location, { method: 'PATCH', headers: { ...tusHeaders, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(jpeg.subarray(half)) });
    expect(rest.status).toBe(200);
    const added = (await rest.json()) as { id: string; status: string; duplicate: boolean };
    expect(added).toMatchObject({ status: 'processing', duplicate: false });
    await expect.poll(async () => (await gallery(id)).photos[0]?.status, { timeout: 120_000, interval: 500 }).toBe('ready');
    const original = Buffer.from(await (await api(`/api/admin/galleries/${id}/photos/${added.id}/original`, { headers: auth })).arrayBuffer());
    // The whole file arrived: the download differs from the upload only in its (GPS-free) header.
    expect(original.subarray(original.indexOf(Buffer.from([0xff, 0xda])))).toEqual(jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda]))));
    // The finished upload's staging file is gone.
    expect((await api(location, { method: 'HEAD', headers: tusHeaders })).status).toBe(404);

    // The same bytes again in one PATCH from byte 0 (hashed on their way in, not read back from the file) are the
    // same content as the resumed upload (hashed from its file): skipped.
    const againRes = await api('/api/admin/uploads', {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(jpeg.length), 'upload-metadata': `target ${b64('gallery')},galleryId ${b64(id)},filename ${b64('DSC_0815_kopie.jpg')}` },
    });
    expect(againRes.status).toBe(201);
    const whole = await api(againRes.headers.get('location')!, { method: 'PATCH', headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(jpeg) });
    expect(whole.status).toBe(200);
    expect(await whole.json()).toMatchObject({ id: added.id, duplicate: true });
    expect((await gallery(id)).photos.map((p) => p.id)).toEqual([added.id]);
    // The resumed upload was hashed from its file; the one-request upload while its bytes arrived (not read back).
    const hashedBy = (loc: string) =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"msg":"photos: upload finished"') && l.includes(`"uploadId":"${loc.split('/').pop()}"`))
        .map((l) => (JSON.parse(l) as { hashed: string }).hashed);
    expect(hashedBy(location)).toEqual(['from the file']);
    await expect.poll(() => hashedBy(againRes.headers.get('location')!)).toEqual(['in flight']);
  }, 240_000);
});

/** A TCP proxy in front of the server: it can cut the connection carrying an upload once, and slow uploads down. */
async function startCuttingProxy(target: number, uploadDir: string): Promise<{ port: number; cutAfter: (bytes: number) => void; throttle: (bytesPerSecond: number) => void; cuts: () => number; storedAtCut: () => number; close: () => Promise<void> }> {
  let cutAt = Infinity;
  let sent = 0;
  let cuts = 0;
  let rate = 0;
  let storedAtCut = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    // Bytes of the tus PATCH (file bytes) this connection is carrying now; only such a request is cut, mid-body.
    let patchBytes = -1;
    let patchUpload = '';
    client.on('data', (chunk: Buffer) => {
      const head = chunk.subarray(0, 8).toString('latin1');
      if (/^[A-Z]+ \//.test(head) || /^[A-Z]+ h/.test(head)) {
        patchBytes = head.startsWith('PATCH ') ? 0 : -1;
        patchUpload = /^PATCH \S*\/([^/?\s]+)[?\s]/.exec(chunk.subarray(0, 512).toString('latin1'))?.[1] ?? '';
      }
      if (patchBytes >= 0) {
        patchBytes += chunk.length;
        sent += chunk.length;
      }
      if (patchBytes > 100_000 && sent > cutAt) {
        cutAt = Infinity;
        cuts++;
        // The cut comes once the server has stored some of this PATCH's bytes (its upload file is no longer empty):
        // bytes still on their way when a connection drops may be lost, and then starting over is right.
        client.pause();
        void storedSome(path.join(uploadDir, patchUpload)).then((size) => {
          storedAtCut = size;
          client.destroy();
          upstream.destroy();
        });
        return;
      }
      upstream.write(chunk);
      if (rate > 0) {
        client.pause();
        setTimeout(() => client.resume(), Math.ceil((chunk.length / rate) * 1000));
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cutAfter: (bytes) => {
      cutAt = sent + bytes;
    },
    throttle: (bps) => {
      rate = bps;
    },
    cuts: () => cuts,
    storedAtCut: () => storedAtCut,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('galleries admin in Chromium', () => {
  let server: RunningServer;
  let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    const dataDir = await adminDataDir();
    server = await startServer({ AUTH_EMAIL_CONFIRMATION: 'false' }, { dataDir });
    proxy = await startCuttingProxy(server.port, path.join(dataDir, 'tmp', 'tus'));
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await proxy?.close();
    await server?.stop();
  });

  it('creates a gallery, uploads a delivery through a cut connection and a reloaded tab, processes, retries and publishes', async () => {
    const base = `http://127.0.0.1:${proxy.port}`;
    ctx = await newQuietContext(browser, base, 'desktop');
    page = await ctx.newPage();
    const patches: { url: string; offset: number }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/api/admin/uploads/')) patches.push({ url: r.url(), offset: Number(r.headers()['upload-offset']) });
    });
    await page.goto(`${base}/admin/login?next=/admin/galerie`);
    await hydrated(page);
    await page.fill('#identifier', ADMIN.email);
    await page.fill('#password', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${base}/admin/galerie`);
    await hydrated(page, 'form[aria-labelledby="new-gallery-title"]');
    await expectNoAxeViolations(page);

    await page.fill('#g-title', 'Bára a Vojta');
    await page.fill('#g-date', '2026-08-22');
    await page.fill('#g-email', 'bara@example.cz');
    await page.click('button:has-text("Založit galerii")');
    await page.waitForURL(/\/admin\/galerie\/[0-9a-f-]{36}$/);
    await hydrated(page, '#gallery-files');
    await expectNoAxeViolations(page);

    // A set, chosen for the upload.
    await page.fill('#set-title', 'Obřad');
    await page.click('button:has-text("Přidat sadu")');
    await page.locator('#upload-set option:has-text("Obřad")').waitFor({ state: 'attached' });
    await page.selectOption('#upload-set', { label: 'Obřad' });

    // Three camera files written to disk (their modification time is part of the resume fingerprint).
    const files: string[] = [];
    for (let i = 0; i < 3; i++) {
      const file = path.join(tmp, `DSC_10${i}${i}.jpg`);
      fs.writeFileSync(file, await makeTestJpeg({ width: 2400, height: 1600, gps: true, seed: 40 + i, quality: 95 }));
      files.push(file);
    }
    // The connection is cut once, in the middle of an upload's bytes (a PATCH's body).
    proxy.cutAfter(Math.floor(fs.statSync(files[0]!).size * 1.2));
    await page.setInputFiles('#gallery-files', files);
    const rows = page.locator('ul[aria-label="Nahrávané soubory"] li');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => page.locator('ul[aria-label="Nahrávané soubory"] li[data-state="done"]').count(), { timeout: 120_000 }).toBe(3);
    expect(proxy.cuts()).toBe(1);
    // The server had stored part of that PATCH when the connection dropped…
    expect(proxy.storedAtCut()).toBeGreaterThan(0);
    // …and the cut upload continued from the server’s offset instead of starting over.
    expect(patches.some((p) => p.offset > 0)).toBe(true);
    expect(await page.locator('label[for="upload-overall"]').textContent()).toMatch(/Celkem: 3 z 3 souborů/);

    // A slow upload interrupted by reloading the tab: choosing the same file again continues where it stopped.
    const big = path.join(tmp, 'DSC_2000.jpg');
    // Large enough (a real camera file's size) that the sockets' buffers cannot take it all at once: the browser's
    // progress then follows the throttled bytes. The padding after the image's end marker is ignored by decoders,
    // as cameras' own trailing data is.
    fs.writeFileSync(big, Buffer.concat([await makeTestJpeg({ width: 3600, height: 2400, gps: true, seed: 50, quality: 97 }), Buffer.alloc(24 * 1024 * 1024)]));
    proxy.throttle(100_000);
    await page.setInputFiles('#gallery-files', big);
    const bigRow = page.locator('ul[aria-label="Nahrávané soubory"] li', { hasText: 'DSC_2000.jpg' });
    await bigRow.waitFor();
    // Wait until the server has written part of it (its staging file under DATA_DIR/tmp/tus).
    const staged = () => {
      const dir = path.join(server.dataDir, 'tmp', 'tus');
      const sizes = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.json')).map((f) => fs.statSync(path.join(dir, f)).size) : [];
      return Math.max(0, ...sizes);
    };
    await expect.poll(staged, { timeout: 60_000, interval: 100 }).toBeGreaterThan(300_000);
    // The overall bar says how long is left.
    await expect.poll(() => page.locator('label[for="upload-overall"]').textContent(), { timeout: 30_000 }).toMatch(/zbývá asi \d+/);
    await page.reload();
    const stagedBeforeResume = staged();
    await hydrated(page, '#gallery-files');
    await expect.poll(() => page.locator('text=Nedokončená nahrávání v tomto prohlížeči: 1').count()).toBe(1);
    proxy.throttle(0);
    patches.length = 0;
    await page.setInputFiles('#gallery-files', big);
    await expect.poll(() => page.locator('ul[aria-label="Nahrávané soubory"] li[data-state="done"]').count(), { timeout: 120_000 }).toBe(1);
    expect(patches[0]?.offset).toBeGreaterThanOrEqual(stagedBeforeResume);
    expect(patches[0]?.offset).toBeLessThan(fs.statSync(big).size);

    // The same content again is skipped; a file cut short fails in processing and can be retried.
    const cut = path.join(tmp, 'IMG_rozbity.jpg');
    const whole = fs.readFileSync(files[2]!);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.5)));
    await page.setInputFiles('#gallery-files', [files[0]!, cut]);
    await expect.poll(() => page.locator('ul[aria-label="Nahrávané soubory"] li[data-state="duplicate"]').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.locator('ul[aria-label="Nahrávané soubory"] li[data-state="done"]').count(), { timeout: 60_000 }).toBe(2);

    const progress = page.locator('[data-testid="processing-progress"]');
    await expect.poll(() => progress.textContent(), { timeout: 240_000, interval: 1000 }).toBe('Zpracováno 4 z 5, selhalo 1.');
    const failedPhoto = page.locator('li[data-status="failed"]');
    expect(await failedPhoto.textContent()).toMatch(/IMG_rozbity\.jpg.*poškozený nebo neúplný/);
    await expectNoAxeViolations(page);
    await page.click('button:has-text("Zkusit znovu zpracovat (1)")');
    await expect.poll(() => page.locator('[role="status"]').first().textContent()).toMatch(/znovu ve frontě/);
    await expect.poll(() => progress.textContent(), { timeout: 120_000, interval: 1000 }).toBe('Zpracováno 4 z 5, selhalo 1.');
    // Every ready photo has its preview, in the set it was uploaded into.
    expect(await page.locator('li[data-status="ready"] img').count()).toBe(4);
    expect(await page.locator('li[data-status="ready"] p:text-is("Obřad")').count()).toBe(4);

    await page.click('button:has-text("Zveřejnit galerii")');
    await expect.poll(() => page.locator('dl').textContent()).toMatch(/zveřejněná/);

    // Phone layout: the same page without horizontal scrolling, and keyboard-reachable upload.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await expectNoAxeViolations(page);
  }, 600_000);
});

/** The file's size once it holds at least one byte (0 after 30 s without: the test's own checks then fail). */
async function storedSome(file: string): Promise<number> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && stat.size > 0) return stat.size;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return 0;
}
