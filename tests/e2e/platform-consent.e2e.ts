import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, skipConsentBanner, startServer, type RunningServer } from './harness';

/**
 * Czech opt-in consent: nothing is measured and no analytics cookie exists before "Přijmout vše"; after it, page
 * views are counted (first-party) and Google's tag loads; after "Odmítnout vše" nothing is sent.
 * The external tag is answered locally (page.route), so no request leaves the machine.
 */
let server: RunningServer;
let browser: Browser;
const MEASUREMENT_ID = 'G-TEST12345';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ANALYTICS_MEASUREMENT_ID: MEASUREMENT_ID }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Tracked {
  ctx: BrowserContext;
  page: Page;
  pageviews: { path: string; status: number }[];
  gtag: string[];
}

async function tracked(device: 'phone' | 'desktop' = 'desktop'): Promise<Tracked> {
  const ctx = await newContext(browser, device);
  const t: Tracked = { ctx, page: await ctx.newPage(), pageviews: [], gtag: [] };
  await ctx.route('https://www.googletagmanager.com/**', async (route) => {
    t.gtag.push(route.request().url());
    // Stand-in for gtag.js: sets the cookie the real one would.
    await route.fulfill({ contentType: 'text/javascript', body: `document.cookie = '_ga=GA1.1.123.456; path=/';` });
  });
  t.page.on('requestfinished', async (req: Request) => {
    if (!req.url().endsWith('/api/analytics/pageview')) return;
    const res = await req.response();
    t.pageviews.push({ path: (JSON.parse(req.postData() ?? '{}') as { path: string }).path, status: res?.status() ?? 0 });
  });
  return t;
}

async function analyticsCookies(ctx: BrowserContext) {
  return (await ctx.cookies()).filter((c) => c.name.startsWith('_ga'));
}

/** The first layer (the site's own dialog; the library is loaded when it is answered). */
const banner = (page: Page) => page.getByRole('dialog', { name: 'Souhlas s cookies' });

describe('cookie consent and analytics', () => {
  it('measures nothing before consent, then counts page views after "Přijmout vše"', async () => {
    const t = await tracked('phone');
    await t.page.goto(server.url + '/');
    await banner(t.page).waitFor({ state: 'visible', timeout: 15_000 });
    const accept = t.page.getByRole('button', { name: 'Přijmout vše' });
    const reject = t.page.getByRole('button', { name: 'Odmítnout vše' });
    // Equally prominent: same size and the same primary styling.
    const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(a && r && Math.abs(a.height - r.height) < 1 && Math.abs(a.width - r.width) < 2).toBe(true);
    expect(await accept.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(await reject.evaluate((el) => getComputedStyle(el).backgroundColor));
    await expectNoAxeViolations(t.page);

    // Nothing may go out before consent: wait until the page has no request in flight, then look.
    await t.page.waitForLoadState('networkidle');
    expect(t.pageviews).toEqual([]);
    expect(t.gtag).toEqual([]);
    expect(await analyticsCookies(t.ctx)).toEqual([]);
    expect((await t.ctx.cookies()).map((c) => c.name)).not.toContain('cc_cookie');

    await accept.click();
    await expect.poll(() => t.pageviews, { timeout: 5000 }).toEqual([{ path: '/', status: 204 }]);
    await expect.poll(() => t.gtag.length, { timeout: 5000 }).toBe(1);
    expect(t.gtag[0]).toContain(`id=${MEASUREMENT_ID}`);
    // '/' is served from the render cache under a hash policy (no nonce): the tag, inserted by our trusted script,
    // is allowed through 'strict-dynamic' — the request above went out, so the policy did not block it.
    expect(await t.page.evaluate(() => document.querySelectorAll('script[src*="googletagmanager"]').length)).toBe(1);

    // Remembered: a new page load counts without asking again.
    await t.page.goto(server.url + '/neexistuje');
    await expect.poll(() => t.pageviews.map((p) => p.path), { timeout: 5000 }).toEqual(['/', '/neexistuje']);
    expect(await banner(t.page).isVisible()).toBe(false);
    await t.ctx.close();
  });

  it('sends nothing after "Odmítnout vše", and the choice can be changed from the footer', async () => {
    const t = await tracked('desktop');
    await t.page.goto(server.url + '/');
    await banner(t.page).waitFor({ state: 'visible', timeout: 15_000 });
    await t.page.getByRole('button', { name: 'Odmítnout vše' }).click();
    await t.page.goto(server.url + '/neexistuje');
    await t.page.getByRole('button', { name: 'Nastavení cookies' }).waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(t.pageviews).toEqual([]);
    expect(t.gtag).toEqual([]);
    expect(await analyticsCookies(t.ctx)).toEqual([]);
    const consent = (await t.ctx.cookies()).find((c) => c.name === 'cc_cookie');
    expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}')).categories).toEqual(['necessary']);

    // Footer → settings → allow analytics by category.
    await t.page.getByRole('button', { name: 'Nastavení cookies' }).click();
    const prefs = t.page.locator('#cc-main .pm');
    await prefs.waitFor({ state: 'visible' });
    await expectNoAxeViolations(t.page);
    await prefs.locator('input[value="analytics"]').check({ force: true });
    await prefs.getByRole('button', { name: 'Uložit nastavení' }).click();
    await expect.poll(() => t.pageviews.map((p) => p.path), { timeout: 5000 }).toEqual(['/neexistuje']);
    await t.ctx.close();
  });

  it('skipConsentBanner (for other tests) answers the banner in advance', async () => {
    const t = await tracked('phone');
    await skipConsentBanner(t.ctx, server.url);
    await t.page.goto(server.url + '/');
    // The consent manager has run once its footer button is there and the page has no request in flight.
    await t.page.getByRole('button', { name: 'Nastavení cookies' }).waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(await banner(t.page).count()).toBe(0);
    expect(t.pageviews).toEqual([]);
    await t.ctx.close();
  });

  it('rejects bad page-view payloads with Czech 4xx and never a 500', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${server.url}/api/analytics/pageview`, { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [string, string?][] = [['{'], ['{"path":"https://evil.example/"}'], [JSON.stringify({ path: '/' + 'a'.repeat(300) })], ['{"path":"/"}', 'text/plain'], ['x'.repeat(5000)]];
    for (const [body, type] of cases) {
      const res = await post(body, type);
      expect(res.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { error: string }).error).toMatch(/[áéíóúůýčďěňřšťž]|Neplatn|Chyb|Požadav|Očekáván|Tělo|Cesta/);
    }
  });
});
