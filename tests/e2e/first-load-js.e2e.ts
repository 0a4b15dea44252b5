import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, newContext, startServer, type RunningServer } from './harness';

/**
 * What a first visit's JavaScript contains (docs/decisions/056-first-load-js.md), in real Chromium against the
 * production build:
 * - a public page without a form references no server action (the session check is a plain GET), so none of our
 *   action references ships with it;
 * - the consent library is not part of a first visit that has not answered the banner: the banner's first layer is
 *   the page's own, and the library loads when the visitor answers it.
 * Scripts are read from the responses themselves; "done loading" is the page's own session check answered, the
 * banner shown and no request in flight.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A call that binds a server action's id in client code (the framework's own action client does not). */
const ACTION_REFERENCE = /createServerReference\)\("[0-9a-f]{20,}"/;
/** A string only vanilla-cookieconsent's code contains (its CSS class for a shown consent box). */
const CONSENT_LIBRARY = 'show--consent';

interface Visit {
  page: Page;
  scripts: Map<string, string>;
  /** Resolves once every script response seen so far has been read. */
  settled: () => Promise<void>;
}

async function visit(path: string): Promise<Visit> {
  const ctx = await newContext(browser, 'phone');
  const page = await ctx.newPage();
  const scripts = new Map<string, string>();
  const reads: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    reads.push(
      res.text().then(
        (body) => void scripts.set(res.url(), body),
        () => undefined,
      ),
    );
  });
  const session = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session');
  const res = await page.goto(server.url + path);
  expect(res?.status(), path).toBe(200);
  // Hydrated and the session checked (the layout's effect), the banner shown at idle, nothing in flight.
  expect((await session).status()).toBe(200);
  await page.getByRole('dialog', { name: 'Souhlas s cookies' }).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  return { page, scripts, settled: async () => void (await Promise.all(reads)) };
}

const withMarker = (scripts: Map<string, string>, marker: RegExp | string) =>
  [...scripts].filter(([, body]) => (typeof marker === 'string' ? body.includes(marker) : marker.test(body))).map(([url]) => new URL(url).pathname);

describe('first-load JavaScript of public pages', () => {
  const pagesWithoutForms = ['/', '/portfolio', '/weddings/tereza-jakub', '/blog', '/blog/plan-b-na-destivou-svatbu', '/omne', '/faq', '/cenik'];

  it.each(pagesWithoutForms)('%s loads no server-action reference and not the consent library', async (path) => {
    const v = await visit(path);
    await v.settled();
    expect(v.scripts.size).toBeGreaterThan(3);
    expect(withMarker(v.scripts, ACTION_REFERENCE)).toEqual([]);
    expect(withMarker(v.scripts, CONSENT_LIBRARY)).toEqual([]);
    await v.page.context().close();
  });

  it('the markers are live: the booking form references its action, and answering the banner loads the library', async () => {
    const v = await visit('/rezervace');
    await v.settled();
    expect(withMarker(v.scripts, ACTION_REFERENCE).length).toBeGreaterThan(0);
    expect(withMarker(v.scripts, CONSENT_LIBRARY)).toEqual([]);

    const library = v.page.waitForResponse((r) => r.request().resourceType() === 'script' && r.url().includes('/_next/static/'));
    await v.page.getByRole('button', { name: 'Odmítnout vše' }).click();
    await library;
    await v.page.getByRole('dialog', { name: 'Souhlas s cookies' }).waitFor({ state: 'detached' });
    await v.settled();
    expect(withMarker(v.scripts, CONSENT_LIBRARY).length).toBe(1);
    const stored = (await v.page.context().cookies()).find((c) => c.name === 'cc_cookie');
    expect((JSON.parse(decodeURIComponent(stored?.value ?? '{}')) as { categories?: string[] }).categories).toEqual(['necessary']);
    await v.page.context().close();
  });

  it('the banner takes the focus and is answered with the keyboard alone', async () => {
    const v = await visit('/portfolio');
    const banner = v.page.getByRole('dialog', { name: 'Souhlas s cookies' });
    // It takes the focus in the frame after it appears.
    await expect.poll(() => banner.evaluate((el) => el === document.activeElement)).toBe(true);
    await v.page.keyboard.press('Tab');
    expect(await v.page.evaluate(() => document.activeElement?.textContent)).toBe('Přijmout vše');
    await v.page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    const stored = (await v.page.context().cookies()).find((c) => c.name === 'cc_cookie');
    expect((JSON.parse(decodeURIComponent(stored?.value ?? '{}')) as { categories?: string[] }).categories).toEqual(['necessary', 'analytics']);
    await v.page.context().close();
  });

  it('a stored choice the library no longer accepts brings the banner back', async () => {
    const ctx = await newContext(browser, 'phone');
    await ctx.addCookies([{ name: 'cc_cookie', value: 'not-a-choice', url: server.url }]);
    const page = await ctx.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (res: Response) => {
      if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''));
    });
    await page.goto(server.url + '/faq');
    // Only the library can tell that this cookie holds no valid choice: it was loaded, and the banner is back.
    await page.getByRole('dialog', { name: 'Souhlas s cookies' }).waitFor({ state: 'visible' });
    expect((await Promise.all(scripts)).some((body) => body.includes(CONSENT_LIBRARY))).toBe(true);
    await ctx.close();
  });

  it('the session check answers an anonymous visitor with no user, never from a cache', async () => {
    const res = await fetch(server.url + '/api/session');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toEqual({ user: null });
  });
});
