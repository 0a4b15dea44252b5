import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { expectNoAxeViolations, hydrated, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer } from './harness';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * From delivery to portfolio against the production server with the real photo worker and studio queue: in real
 * Chromium the photographer opens a client gallery, sees that the couple has not consented to publishing (a Czech
 * warning), confirms she has consent otherwise, picks a delivered photo into one of her studio weddings without
 * uploading it again, and the photo shows on the public wedding page once processed and published.
 */

const ADMIN = { email: 'fotografka@example.cz', password: 'Portfolio-Z-Galerie-2026!' };
const COUPLE = 'Bára & Ondřej';

let browser: Browser;
let server: RunningServer;
let auth: Record<string, string> = {};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-portfolio-'));

beforeAll(async () => {
  const dataDir = newDataDir(tmp);
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  [server, browser] = await Promise.all([startServer({ AUTH_EMAIL_CONFIRMATION: 'false' }, { dataDir }), launchBrowser()]);
  const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
  auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const api = (p: string, init: RequestInit = {}) => fetch(server.url + p, { redirect: 'manual', ...init });
const jsonHeaders = () => ({ ...auth, 'content-type': 'application/json' });

interface WeddingJson {
  slug: string;
  published: boolean;
  photos: { id: string; status: string; fileName: string; alt: string }[];
}

describe('gallery photos into the portfolio', () => {
  let galleryId = '';
  let photoId = '';
  let weddingId = '';

  it('the API refuses anonymous callers and bad input in Czech', async () => {
    const created = await api('/api/admin/galleries', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ title: COUPLE }) });
    expect(created.status).toBe(201);
    galleryId = ((await created.json()) as { id: string }).id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeTestJpeg({ width: 2400, height: 1600, gps: true, seed: 77 }))], { type: 'image/jpeg' }), 'DSC_7001.JPG');
    const up = await api(`/api/admin/galleries/${galleryId}/photos`, { method: 'POST', headers: auth, body: form });
    expect(up.status).toBe(202);
    photoId = ((await up.json()) as { id: string }).id;
    const wedding = await api('/api/admin/weddings', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ couple: COUPLE, date: '2026-07-18', location: 'Statek Blatiny' }) });
    expect(wedding.status).toBe(201);
    weddingId = ((await wedding.json()) as { id: string }).id;

    const anonymous = await api(`/api/admin/galleries/${galleryId}/portfolio`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ weddingId, photoIds: [photoId] }) });
    expect(anonymous.status).toBe(401);
    const empty = await api(`/api/admin/galleries/${galleryId}/portfolio`, { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ weddingId, photoIds: [] }) });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toMatch(/aspoň jednu fotografii/);
    const noConsent = await api(`/api/admin/galleries/${galleryId}/portfolio`, { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ weddingId, photoIds: [photoId] }) });
    expect(noConsent.status).toBe(409);
    expect(((await noConsent.json()) as { error: { message: string } }).error.message).toMatch(/zatím nedal souhlas se zveřejněním/);
    await expect.poll(async () => ((await (await api(`/api/admin/galleries/${galleryId}`, { headers: auth })).json()) as { photos: { status: string }[] }).photos[0]?.status, { timeout: 120_000, interval: 500 }).toBe('ready');
  }, 180_000);

  it('in Chromium she sees the missing consent, confirms, picks the photo into her wedding, and it shows publicly', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`${server.url}/admin/login?next=/admin/galerie/${galleryId}`);
    await hydrated(page);
    await page.fill('#identifier', ADMIN.email);
    await page.fill('#password', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.url}/admin/galerie/${galleryId}`);
    await hydrated(page, '#portfolio-wedding');
    expect(await page.textContent('[data-testid="portfolio-consent"]')).toContain('pár zatím neodpověděl');
    expect(await page.textContent('[data-testid="portfolio-consent-warning"]')).toMatch(/Pár zatím souhlas se zveřejněním nedal/);
    await expectNoAxeViolations(page);

    await page.check('input[aria-label="Vybrat DSC_7001.JPG na web"]');
    await page.selectOption('#portfolio-wedding', weddingId);
    await page.fill('#portfolio-alt', 'Novomanželé v sadu');
    const add = page.getByRole('button', { name: 'Přidat vybrané na web' });
    // Without the couple's consent the button waits for her confirmation.
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Souhlas páru se zveřejněním mám jinak – přesto přidat').check();
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/admin/galleries/${galleryId}/portfolio`) && r.request().method() === 'POST');
    await add.click();
    const res = await answered;
    expect(res.status()).toBe(200);
    const { added } = (await res.json()) as { added: { from: string; id: string }[] };
    expect(added).toHaveLength(1);
    expect(added[0]!.from).toBe(photoId);
    await expect.poll(() => page.locator('section[aria-labelledby="portfolio-title"] [role="status"]').textContent()).toMatch(/Do svatby Bára & Ondřej přidáno 1 fotografie/);
    await expectNoAxeViolations(page);

    // Processed by the studio into the public variants, then published with the wedding.
    const weddingJson = async () => (await (await api(`/api/admin/weddings/${weddingId}`, { headers: auth })).json()) as WeddingJson;
    await expect.poll(async () => (await weddingJson()).photos.map((p) => p.status).join(), { timeout: 120_000, interval: 500 }).toBe('ready');
    expect((await weddingJson()).photos).toMatchObject([{ id: added[0]!.id, fileName: 'DSC_7001.JPG', alt: 'Novomanželé v sadu' }]);
    const published = await api(`/api/admin/weddings/${weddingId}`, { method: 'PATCH', headers: jsonHeaders(), body: JSON.stringify({ published: true }) });
    expect(published.status).toBe(200);
    const { slug } = await weddingJson();

    const visitor = await newQuietContext(browser, server.url, 'desktop');
    const p = await visitor.newPage();
    const shown = await p.goto(`${server.url}/weddings/${slug}`);
    expect(shown?.status()).toBe(200);
    expect(await p.textContent('h1')).toContain(COUPLE);
    const img = p.locator(`main img[src*="/api/photos/${added[0]!.id}/"]`).first();
    await img.scrollIntoViewIfNeeded();
    expect(await img.getAttribute('alt')).toBe('Novomanželé v sadu');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), { timeout: 20_000 }).toBe(true);
    await expectNoAxeViolations(p);
    await visitor.close();
    await ctx.close();
  }, 300_000);
});
