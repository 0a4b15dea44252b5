import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { loadLocalBlogPosts } from '@/content/blog-local';
import { expectNoAxeViolations, hydrated, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer } from './harness';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * Blog posts of the admin studio, end to end in real Chromium against the production build: the admin writes a
 * post in /admin/blog, previews the draft, publishes it; it shows at once on /blog (next to the Markdown posts of
 * content/blog) and on its page although both pages are served from the render cache; a new slug leaves the old URL
 * answering 308; unpublishing makes the post a 404 again; deleting asks first.
 */

const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
const TITLE = 'Jak si užít focení párů';
const SLUG = 'jak-si-uzit-foceni-paru';
const NEW_SLUG = 'foceni-paru';
const BODY = '## Klid a čas\n\nNa focení párů si nechte **aspoň hodinu**.\n\n- procházka\n- západ slunce';

let browser: Browser;
let server: RunningServer;
let ctx: BrowserContext;
let page: Page;
let postId = '';
let coverId = '';
const COVER_ALT = 'Novomanželé v aleji';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-studio-blog-'));

beforeAll(async () => {
  const dataDir = newDataDir(tmp);
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  [server, browser] = await Promise.all([startServer({ AUTH_EMAIL_CONFIRMATION: 'false' }, { dataDir }), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = (p: string) => fetch(server.url + p, { redirect: 'manual' });
const message = () => page.locator('[data-testid="studio-message"]').textContent();
const escaped = (s: string) => s.replace(/&/g, '&amp;');

describe('admin studio: blog posts', () => {
  it('the posts API refuses anonymous visitors (401) and couples (403); bad input gets Czech 4xx messages', async () => {
    const anonymous = await get('/api/admin/posts');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/přihlásit/);

    const reg = await fetch(`${server.url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'novomanzele', email: 'par@example.cz', password: 'Nase-Svatba-2026!' }) });
    const coupleJwt = ((await reg.json()) as { jwt: string }).jwt;
    const couple = await fetch(`${server.url}/api/admin/posts`, { method: 'POST', headers: { authorization: `Bearer ${coupleJwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'X', date: '2026-01-01' }) });
    expect(couple.status).toBe(403);
    expect(((await couple.json()) as { error: { name: string } }).error.name).toBe('ForbiddenError');

    const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}`, 'content-type': 'application/json' };
    const post = (body: unknown) => fetch(`${server.url}/api/admin/posts`, { method: 'POST', headers: auth, body: JSON.stringify(body) });

    const bad = await post({ title: '', date: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { status: number; name: string; message: string } }).error).toMatchObject({ status: 400, name: 'ValidationError', message: expect.stringMatching(/Název: povinné pole|takový den neexistuje/) });
    const notJson = await fetch(`${server.url}/api/admin/posts`, { method: 'POST', headers: auth, body: '{"title":' });
    expect(notJson.status).toBe(400);
    const fileSlug = (await loadLocalBlogPosts())[0].slug;
    const clash = await post({ title: 'Kopie', date: '2026-01-01', slug: fileSlug });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: { message: string } }).error.message).toContain('už patří jinému článku');
    const unknown = await fetch(`${server.url}/api/admin/posts/00000000-0000-4000-8000-000000000000`, { method: 'PATCH', headers: auth, body: JSON.stringify({ title: 'Nic' }) });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/Článek nenalezen/);
    expect((await fetch(`${server.url}/api/admin/posts/neni-uuid`, { headers: auth })).status).toBe(404);

    // A processed, described photo of a (draft) wedding, to be the post's cover.
    const wedding = (await (await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: auth, body: JSON.stringify({ couple: 'Alej & Park', date: '2026-05-05', location: 'Průhonice' }) })).json()) as { id: string };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeTestJpeg({ width: 1600, height: 1067, gps: true, seed: 77 }))], { type: 'image/jpeg' }), 'alej.jpg');
    const upload = await fetch(`${server.url}/api/admin/weddings/${wedding.id}/photos`, { method: 'POST', headers: { authorization: auth.authorization }, body: form });
    expect(upload.status).toBe(202);
    coverId = ((await upload.json()) as { id: string }).id;
    const photo = () => fetch(`${server.url}/api/admin/weddings/${wedding.id}`, { headers: auth }).then(async (r) => ((await r.json()) as { photos: { status: string }[] }).photos[0]?.status);
    await expect.poll(photo, { timeout: 60_000 }).toBe('ready');
    // Not described yet: refused as a cover, with a Czech message.
    const undescribed = await post({ title: 'Bez popisu', date: '2026-01-01', coverPhotoId: coverId });
    expect(undescribed.status).toBe(400);
    expect(((await undescribed.json()) as { error: { message: string } }).error.message).toContain('nemá popis');
    expect((await fetch(`${server.url}/api/admin/photos/${coverId}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ alt: COVER_ALT }) })).status).toBe(200);
  }, 120_000);

  it('the admin writes a draft (never public, previewable) and publishes it; /blog and the post show it on the next request', async () => {
    // Both public pages are rendered into the render cache before the post exists.
    const blogBefore = await (await get('/blog')).text();
    expect(blogBefore).not.toContain(TITLE);
    expect((await get(`/blog/${SLUG}`)).status).toBe(404);

    ctx = await newQuietContext(browser, server.url, 'desktop');
    page = await ctx.newPage();
    await page.goto(`${server.url}/admin/login?next=/admin/blog`);
    await hydrated(page);
    await page.fill('#identifier', ADMIN.email);
    await page.fill('#password', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.url}/admin/blog`);
    expect(await page.locator('nav[aria-label="Administrace"] a[href="/admin/blog"]').getAttribute('aria-current')).toBe('page');
    await hydrated(page, 'form[aria-labelledby="new-title"]');
    await expectNoAxeViolations(page);

    // The new post, written with the keyboard only.
    await page.focus('#title');
    await page.keyboard.type(TITLE);
    await page.focus('#excerpt');
    await page.keyboard.type('Pár rad, jak se před objektivem uvolnit.');
    await page.fill('#body', BODY);
    await page.focus('#coverPhotoId');
    await page.selectOption('#coverPhotoId', coverId);
    await page.locator(`img[src*="/api/photos/${coverId}/"]`).waitFor(); // the chosen cover's thumbnail
    await page.focus('button:has-text("Založit článek")');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
    postId = page.url().split('/').pop() ?? '';
    await hydrated(page, 'form');
    expect(await page.inputValue('#slug')).toBe(SLUG);
    expect(await page.textContent('[data-testid="post-state"]')).toContain('Koncept');
    await expectNoAxeViolations(page);

    // A draft: not public, but the admin's preview shows it as visitors will see it (Markdown rendered).
    expect((await get(`/blog/${SLUG}`)).status).toBe(404);
    expect(await (await get('/blog')).text()).not.toContain(TITLE);
    expect((await get(`/admin/blog/${postId}/nahled`)).status).toBe(307); // anonymous: to the sign-in
    await page.click('a:has-text("Náhled")');
    await page.waitForURL(`${server.url}/admin/blog/${postId}/nahled`);
    expect(await page.textContent('h1')).toBe(TITLE);
    expect(await page.textContent('.prose strong')).toBe('aspoň hodinu');
    await expectNoAxeViolations(page);
    await page.click('a:has-text("Zpět do úprav")');
    await hydrated(page, 'form');

    await page.click('button:has-text("Zveřejnit")');
    await expect.poll(message).toContain('Článek je zveřejněný.');
    const blog = await (await get('/blog')).text();
    expect(blog).toContain(TITLE);
    expect(blog).toContain(`/api/photos/${coverId}/`);
    // The Markdown posts are still listed next to it.
    for (const file of await loadLocalBlogPosts()) expect(blog).toContain(escaped(file.title));

    const visitor = await newQuietContext(browser, server.url, 'phone');
    const v = await visitor.newPage();
    const res = await v.goto(`${server.url}/blog/${SLUG}`);
    expect(res?.status()).toBe(200);
    expect(await v.textContent('h1')).toBe(TITLE);
    expect(await v.textContent('.prose h2')).toBe('Klid a čas');
    expect(await v.locator('.prose li').count()).toBe(2);
    // The cover is the studio photo, served as its pre-made variants.
    const cover = v.locator(`main img[src*="/api/photos/${coverId}/"]`).first();
    expect(await cover.getAttribute('alt')).toBe(COVER_ALT);
    expect(await cover.getAttribute('srcset')).toMatch(new RegExp(`/api/photos/${coverId}/\\d+ \\d+w`));
    expect(await cover.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    await expectNoAxeViolations(v);
    await v.goto(`${server.url}/blog`);
    await v.click(`a[href="/blog/${SLUG}"]`);
    await v.waitForURL(`${server.url}/blog/${SLUG}`);
    await visitor.close();
  }, 180_000);

  it('an edit shows on the next request; a changed slug leaves the old URL answering 308', async () => {
    await page.fill('#title', `${TITLE} (aktualizováno)`);
    await page.fill('#slug', NEW_SLUG);
    await page.click('button:has-text("Uložit článek")');
    await expect.poll(message).toBe('Uloženo.');

    const moved = await get(`/blog/${SLUG}`);
    expect(moved.status).toBe(308);
    // One Location, also on the first answer of the cached redirect.
    expect(new URL(moved.headers.get('location') ?? '', server.url).pathname).toBe(`/blog/${NEW_SLUG}`);
    const visitor = await newQuietContext(browser, server.url, 'desktop');
    const v = await visitor.newPage();
    const res = await v.goto(`${server.url}/blog/${SLUG}`);
    expect((await res!.request().redirectedFrom()!.response())!.status()).toBe(308);
    expect(new URL(v.url()).pathname).toBe(`/blog/${NEW_SLUG}`);
    expect(await v.textContent('h1')).toBe(`${TITLE} (aktualizováno)`);
    await visitor.close();
    expect(await (await get('/blog')).text()).toContain(`${TITLE} (aktualizováno)`);
  }, 60_000);

  it('unpublishing makes the post a 404 at once; deleting asks first', async () => {
    await page.click('button:has-text("Skrýt z webu")');
    await expect.poll(message).toContain('Článek je skrytý');
    expect(await (await get('/blog')).text()).not.toContain(TITLE);
    expect((await get(`/blog/${SLUG}`)).status).toBe(404); // a hidden post has no redirect either
    const visitor = await newQuietContext(browser, server.url, 'desktop');
    const v = await visitor.newPage();
    const res = await v.goto(`${server.url}/blog/${NEW_SLUG}`);
    expect(res?.status()).toBe(404);
    expect(await v.locator('[data-testid="error-message"]').textContent()).toBe(`Page not found: /blog/${NEW_SLUG}`);
    await visitor.close();

    page.once('dialog', (d) => {
      expect(d.message()).toContain('Opravdu smazat článek');
      void d.accept();
    });
    await page.click('button:has-text("Smazat článek")');
    await page.waitForURL(`${server.url}/admin/blog`);
    expect(await page.textContent('main')).toContain('Zatím žádný vlastní článek.');
    expect((await get(`/admin/blog/${postId}`)).status).toBe(307);
  }, 60_000);
});
