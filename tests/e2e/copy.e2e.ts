import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, startServer, type RunningServer } from './harness';
import { forbiddenIn } from '../copy/forbidden-phrases';
import { getTerms, stornoLines, termPlaceholders } from '@/site/public.server';

/**
 * every public page of the production build, rendered in Chromium, and the cookie banner read against
 * the copy guard (tests/copy/forbidden-phrases.ts); the terms page exists, is linked where the issue asks, and its
 * numbers are the ones in content/terms.json. The server runs with Google Analytics configured, so the banner and
 * the privacy notice must name Google (the unconfigured notice is checked in src/content/pages/pages.test.ts).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ANALYTICS_MEASUREMENT_ID: 'G-TEST123456' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const norm = (s: string) => s.replace(/\s+/g, ' ');

/** Public pages not in the sitemap (noindex or only reachable from a form) and the error pages. */
const EXTRA_PAGES = [
  '/simple-booking',
  '/rezervace/odeslano?ref=SV-2026-AB12',
  '/rezervace/odeslano?typ=kontakt',
  '/ucet/prihlaseni',
  '/ucet/prihlaseni?stav=potvrzeno',
  '/ucet/registrace',
  '/ucet/zapomenute-heslo',
  '/ucet/potvrzeni',
  '/ucet/obnova-hesla',
  '/portfolio?rok=abc&kategorie=nic',
  '/tato-stranka-neexistuje',
  '/weddings/neexistuje',
];

async function publicPaths(): Promise<string[]> {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const fromSitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...new Set([...fromSitemap, ...EXTRA_PAGES])];
}

/**
 * The text a reader can reach on the page: every element's text including collapsed <details> (FAQ answers) and
 * closed accordions, without scripts (JSON-LD, the framework's payload) and styles.
 */
async function readableText(page: Page, selector = 'body', part: 'all' | 'own' | 'quotes' = 'all'): Promise<string> {
  return page.locator(selector).evaluate((root, which) => {
    const clone = root.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('script, style, template, noscript').forEach((el) => el.remove());
    if (which === 'own') clone.querySelectorAll('blockquote').forEach((el) => el.remove());
    if (which === 'quotes') {
      const quotes = [...clone.querySelectorAll('blockquote')].map((q) => q.textContent ?? '');
      return quotes.join('\n');
    }
    // Block elements end a line, so words from neighbouring elements never run together.
    clone.querySelectorAll('p, li, h1, h2, h3, h4, dt, dd, td, th, summary, div, a, button, label, figcaption').forEach((el) => el.append('\n'));
    return clone.textContent ?? '';
  }, part);
}

async function visibleText(page: Page, path: string): Promise<string> {
  await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
  return readableText(page);
}

/** The page's own text (the site's voice) and, apart, what couples say in testimonials (their own voice). */
async function statusAndText(page: Page, path: string): Promise<{ status: number; own: string; quotes: string }> {
  const res = await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
  return { status: res?.status() ?? 0, own: await readableText(page, 'body', 'own'), quotes: await readableText(page, 'body', 'quotes') };
}

describe('Czech copy', () => {
  it('every public page renders without the old wording, and every footer links the terms', { timeout: 300_000 }, async () => {
    const paths = await publicPaths();
    expect(paths).toContain('/obchodni-podminky');
    expect(paths.length).toBeGreaterThan(25);
    // Server-rendered HTML is what a visitor (and a search engine) reads first; no scripts needed for it.
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      const { status, own, quotes } = await statusAndText(page, path);
      statuses[path] = status;
      problems.push(...forbiddenIn(path, own), ...forbiddenIn(`${path} (testimonials)`, quotes, { quote: true }));
      // Pages in the site layout carry the footer (the error pages render on their own).
      if (status === 200 && (await page.locator('footer a[href="/obchodni-podminky"]').count()) !== 1) problems.push(`${path}: the footer does not link the terms`);
    }
    await ctx.close();
    expect(problems).toEqual([]);
    expect(statuses['/tato-stranka-neexistuje']).toBe(404);
    expect(Object.entries(statuses).filter(([p, st]) => st !== 200 && !/neexistuje/.test(p))).toEqual([]);
  });

  it('links the terms from the price list and both booking forms; the forms show a notice, not a consent box', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    for (const path of ['/cenik', '/rezervace', '/simple-booking']) {
      await page.goto(server.url + path);
      expect(await page.locator('main a[href="/obchodni-podminky"]').count(), path).toBeGreaterThan(0);
    }
    for (const path of ['/rezervace', '/simple-booking', '/kontakt']) {
      await page.goto(server.url + path);
      expect(await page.locator('input[name="consent"]').count(), path).toBe(0);
      const notice = page.locator('[data-testid="privacy-notice"]');
      expect(norm(await notice.innerText())).toContain('berete na vědomí zásady ochrany osobních údajů');
      expect(await notice.locator('a[href="/ochrana-udaju"]').count()).toBe(1);
    }
    await ctx.close();
  });

  it('renders the terms page and every booking sentence from content/terms.json', async () => {
    const t = termPlaceholders();
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    const terms = await visibleText(page, '/obchodni-podminky');
    for (const phrase of [`termín pro vás podržím ${t.holdDays}`, t.depositPercent, `do ${t.depositDueDaysGen} od uzavření smlouvy`, `do ${t.deliveryWeeksGen}`, '§\u00a01829', '§\u00a01837 písm. j)', 'adr.coi.cz']) {
      expect(terms).toContain(phrase);
    }
    for (const line of stornoLines()) expect(terms).toContain(`${line.label}: ${line.percent}\u00a0%`);
    expect(await visibleText(page, '/faq')).toContain(`termín vám ${t.holdDays} podržím`);
    expect(await visibleText(page, '/rezervace')).toContain(`na ${t.holdDays} podržím`);
    const pricing = await visibleText(page, '/cenik');
    expect(pricing).toContain(`podržím ${t.holdDays}`);
    expect(pricing).toContain(`Záloha ${getTerms().depositPercent}\u00a0%`);
    const privacy = await visibleText(page, '/ochrana-udaju');
    for (const phrase of ['Google Ireland Limited', 'EU-US Data Privacy Framework', `Google Analytics platí ${t.analyticsCookieMonths}`, 'pseudonymizované']) {
      expect(privacy).toContain(phrase);
    }
    await ctx.close();
  });

  it('names Google, its cookies and their lifetime in the cookie banner when analytics is configured', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    const banner = page.getByRole('dialog', { name: 'Souhlas s cookies' });
    await banner.waitFor({ state: 'visible' });
    const text = await readableText(page, '[data-consent-banner]');
    await page.getByRole('button', { name: 'Nastavení podle kategorií' }).click();
    const prefs = page.locator('#cc-main .pm');
    await prefs.waitFor({ state: 'visible' });
    const prefsText = await readableText(page, '#cc-main .pm');
    const months = termPlaceholders().analyticsCookieMonths;
    for (const phrase of ['Google Analytics', '_ga', 'pseudonymizované', months, 'EU-US Data Privacy Framework']) expect(text).toContain(phrase);
    for (const phrase of ['Google Ireland Limited', months, 'EU-US Data Privacy Framework']) expect(prefsText).toContain(phrase);
    expect([...forbiddenIn('cookie banner', text), ...forbiddenIn('cookie settings', prefsText)]).toEqual([]);

    // After consent the tag is configured with the lifetime the banner states (30-day months).
    await ctx.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await prefs.getByRole('button', { name: 'Přijmout vše' }).click();
    const cookieExpires = async () =>
      page.evaluate(() => {
        const entries = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
        const config = entries.map((e) => Array.from(e)).find((e) => e[0] === 'config');
        return (config?.[2] as { cookie_expires?: number } | undefined)?.cookie_expires ?? null;
      });
    await expect.poll(cookieExpires, { timeout: 10_000 }).toBe(getTerms().analyticsCookieMonths * 30 * 86_400);
    await ctx.close();
  });

  it('says only page views are counted, and names no Google, when analytics is not configured', { timeout: 180_000 }, async () => {
    const plain = await startServer();
    try {
      const ctx = await newContext(browser, 'desktop');
      const page = await ctx.newPage();
      await page.goto(plain.url + '/');
      await page.getByRole('dialog', { name: 'Souhlas s cookies' }).waitFor({ state: 'visible' });
      const text = await readableText(page, '[data-consent-banner]');
      await page.getByRole('button', { name: 'Nastavení podle kategorií' }).click();
      await page.locator('#cc-main .pm').waitFor({ state: 'visible' });
      const prefsText = await readableText(page, '#cc-main .pm');
      expect(text).toContain('kolikrát se která stránka zobrazila');
      expect(prefsText).toContain('Neukládám žádné údaje o vás');
      for (const t of [text, prefsText]) expect(t).not.toContain('Google');
      expect([...forbiddenIn('cookie banner', text), ...forbiddenIn('cookie settings', prefsText)]).toEqual([]);
      await page.goto(plain.url + '/ochrana-udaju');
      const privacy = await readableText(page);
      expect(privacy).not.toContain('Google');
      expect(privacy).toContain('Údaje mimo Evropský hospodářský prostor nepředávám.');
      await ctx.close();
    } finally {
      await plain.stop();
    }
  });

  it('refuses to start when HOLD_DAYS disagrees with content/terms.json', async () => {
    const err = await startServer({ HOLD_DAYS: String(getTerms().holdDays + 1) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('Spuštění selhalo v kroku "booking terms"');
    expect((err as Error).message).toContain('HOLD_DAYS');
  });
});
