import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, hydrated, launchBrowser, newContext, startServer, type RunningServer } from './harness';

/**
 * docs/spec.md §2 "Build updates" in Chromium against the production build. A deployment announces a newer build by
 * writing DATA_DIR/latest-build.json; the running page must notice, say so, and switch the next navigation to a
 * full page load — at most once per 10 s per path.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ BUILD_CHECK_INTERVAL_MS: '1000' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function announce(id: string | null) {
  const file = path.join(server.dataDir, 'latest-build.json');
  if (id === null) fs.rmSync(file, { force: true });
  else fs.writeFileSync(file, JSON.stringify({ id, timestamp: Date.now() }));
}

/** React attached its fibers to the watcher's live region: the page is hydrated and the effects run. */
const watcherHydrated = (page: Page) => hydrated(page, '[role="status"]');

/** Focus (like a visitor returning to the tab) makes the watcher check at once instead of on the next tick. */
async function focusTab(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

async function mark(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}
/**
 * Waits for the full load to replace the marked document. A client navigation may change the URL before the
 * build watcher turns it into a full load, so the URL alone can resolve early on a slow machine; the check itself
 * may then race the reload (its context destroyed), which counts as "not yet".
 */
async function newDocument(page: Page): Promise<void> {
  await expect
    .poll(async () => sameDocument(page).catch(() => true), { timeout: 15_000, interval: 100 })
    .toBe(false);
  await page.waitForLoadState('load');
}

/**
 * Document navigations (full loads) the page starts from now on. A `location.reload()` by the build watcher starts
 * one at once, so after `roundTrip()` an empty list means no reload was asked for — no fixed wait needed.
 */
function watchFullLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads.push(r.url());
  });
  return loads;
}
/** Lets the page finish the tasks queued so far, then one request round trip: a reload asked for would be under way. */
async function roundTrip(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await (await fetch('/api/health', { cache: 'no-store' })).text();
  });
}

/** The header's brand link to "/" (a Next <Link>, present on every page). */
const brandLink = (page: Page) => page.locator('header a[href="/"]').first();

describe('build manifests', () => {
  it('serves latest.json without caching and the route-rules manifest for its own id only', async () => {
    announce(null);
    const res = await fetch(`${server.url}/builds/latest.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const latest = (await res.json()) as { id: string; timestamp: number };
    const ownId = fs.readFileSync(path.resolve(import.meta.dirname, '../../.next/BUILD_ID'), 'utf8').trim();
    expect(latest.id).toBe(ownId);
    expect(latest.timestamp).toBeGreaterThan(0);

    // "/" comes from the render cache (docs/decisions/011-render-cache-csp.md): its policy hashes its scripts, no
    // nonce; a per-request page (the short booking form) keeps a fresh nonce. Both carry this server's build id.
    const home = await fetch(server.url + '/');
    const html = await home.text();
    expect(html).toContain(`data-build-id="${ownId}"`);
    const homePolicy = home.headers.get('content-security-policy') ?? '';
    expect(homePolicy).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(homePolicy).not.toContain("'nonce-");
    const booking = await fetch(server.url + '/simple-booking');
    expect(booking.status).toBe(200);
    expect(booking.headers.get('content-security-policy') ?? '').toMatch(/'nonce-[^']+'/);
    expect(await booking.text()).toContain(`data-build-id="${ownId}"`);

    const meta = await fetch(`${server.url}/builds/meta/${ownId}.json`);
    expect(meta.status).toBe(200);
    const manifest = (await meta.json()) as { id: string; redirects: { source: string; destination: string; statusCode: number }[]; routes: { path: string; type: string }[] };
    expect(manifest.id).toBe(ownId);
    expect(manifest.redirects).toContainEqual({ source: '/about', destination: '/omne', statusCode: 308 });
    // The manifest tells the client which routes are prerendered: "/" and the booking page are cached (static),
    // the booking page's per-request twin and the short form are rendered per request.
    expect(manifest.routes).toContainEqual({ path: '/', type: 'static' });
    expect(manifest.routes).toContainEqual({ path: '/rezervace', type: 'static' });
    expect(manifest.routes).toContainEqual({ path: '/rezervace/overeni', type: 'dynamic' });
    expect(manifest.routes).toContainEqual({ path: '/simple-booking', type: 'dynamic' });
    expect((await fetch(`${server.url}/builds/meta/some-other-build.json`)).status).toBe(404);

    announce('deployed-elsewhere');
    expect(((await (await fetch(`${server.url}/builds/latest.json?t=1`)).json()) as { id: string }).id).toBe('deployed-elsewhere');
    announce(null);
  });
});

describe('new build in the browser', () => {
  it('notices a new build, shows the notice, and makes the next navigation a full load — once per 10 s per path', async () => {
    announce(null);
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/login');
    await watcherHydrated(page);
    expect(await page.getByText('Je k dispozici nová verze').count()).toBe(0);

    announce('build-2');
    const notice = page.locator('[role="status"]', { hasText: 'Je k dispozici nová verze' });
    await notice.waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);

    // 1st navigation to "/" (a <Link> click): a full page load instead of a client navigation.
    await mark(page);
    await brandLink(page).click();
    await page.waitForURL(server.url + '/');
    await page.waitForLoadState('load');
    await newDocument(page);
    expect(await page.evaluate(() => sessionStorage.getItem('build-reload:/'))).not.toBeNull();

    // The new document is still older than the announced build: it notices again. A programmatic navigation
    // (router.push, not a click) to /admin/login ends in a full load of that page too.
    await watcherHydrated(page);
    await focusTab(page);
    await notice.waitFor({ timeout: 10_000 });
    await mark(page);
    await page.evaluate(() => (window as unknown as { next: { router: { push: (href: string) => void } } }).next.router.push('/admin/login'));
    await page.waitForURL('**/admin/login');
    await page.waitForLoadState('load');
    await watcherHydrated(page);
    await newDocument(page);

    // 2nd changed-id navigation to "/" within 10 s: the guard lets the client navigation happen.
    await focusTab(page);
    await notice.waitFor({ timeout: 10_000 });
    await mark(page);
    const fullLoads = watchFullLoads(page);
    await brandLink(page).click();
    await page.waitForURL(server.url + '/');
    await page.locator('main h1').first().waitFor();
    await roundTrip(page);
    expect(fullLoads).toEqual([]);
    const sinceFirst = await page.evaluate(() => Date.now() - Number(sessionStorage.getItem('build-reload:/')));
    expect(sinceFirst).toBeLessThan(10_000);
    expect(await sameDocument(page)).toBe(true);
    await ctx.close();
    announce(null);
  });

  it('reloads once when a page chunk fails to load, and not again within 10 s', async () => {
    announce(null);
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A chunk of this build that cannot be fetched (e.g. removed by a newer deployment).
    await page.route('**/_next/static/chunks/gone-*.js', (route) => route.abort('failed'));
    await page.goto(server.url + '/');
    await watcherHydrated(page);
    await mark(page);
    const loadChunk = () =>
      page.evaluate(() => {
        const s = document.createElement('script');
        s.src = `/_next/static/chunks/gone-${Math.random().toString(36).slice(2)}.js`;
        document.head.appendChild(s);
      });
    const reloaded = page.waitForEvent('load');
    await loadChunk();
    await reloaded;
    await newDocument(page);

    await watcherHydrated(page);
    await mark(page);
    const fullLoads = watchFullLoads(page);
    // The script's error event reaches the watcher before the script element's own onerror, which we wait for.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const s = document.createElement('script');
          s.src = `/_next/static/chunks/gone-${Math.random().toString(36).slice(2)}.js`;
          s.onerror = () => resolve();
          document.head.appendChild(s);
        }),
    );
    // A dynamic import failing the same way (ChunkLoadError) is also covered by the guard; our listener, added
    // after the watcher's, runs once the watcher has handled the rejection.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('unhandledrejection', () => resolve(), { once: true });
          void Promise.reject(Object.assign(new Error('Loading chunk 999 failed.'), { name: 'ChunkLoadError' }));
        }),
    );
    await roundTrip(page);
    expect(fullLoads).toEqual([]);
    expect(await sameDocument(page)).toBe(true);
    await ctx.close();
  });
});
