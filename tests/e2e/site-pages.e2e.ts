import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, newQuietContext, startServer, type RunningServer } from './harness';
import { getFaq, allFaqQuestions, getPricing, formatCzk, getLocations, getSiteInfo } from '@/site/public.server';
import { siteIconHref, siteIconInitials } from '@/ui/layout/site-icon';
import { getHomeContent } from '@/content/pages/home';
import { getServices } from '@/content/pages/services';
import { getContactContent } from '@/content/pages/contact';
import { getAboutPage, getPrivacyPage, getTermsPage } from '@/content/pages/static-pages';
import { getContentPage } from '@/content/pages/content-pages';

/** Every static page of docs/spec.md §2 with the heading its content file gives it. */
const PAGES: { path: string; h1: string }[] = [
  { path: '/', h1: getHomeContent().hero.heading },
  { path: '/faq', h1: getFaq().heading },
  { path: '/omne', h1: getAboutPage().data.heading },
  { path: '/cenik', h1: getPricing().heading },
  { path: '/sluzby', h1: getServices().heading },
  { path: '/lokace', h1: getLocations().heading },
  { path: '/kontakt', h1: getContactContent().heading },
  { path: '/ochrana-udaju', h1: getPrivacyPage().data.heading },
  { path: '/obchodni-podminky', h1: getTermsPage().data.heading },
  { path: '/darkovy-poukaz', h1: getContentPage('darkovy-poukaz')?.title ?? 'missing' },
  { path: '/jak-probiha-foceni', h1: getContentPage('jak-probiha-foceni')?.title ?? 'missing' },
];

const ALIASES: [string, string][] = [
  ['/about', '/omne'],
  ['/pricing', '/cenik'],
  ['/services', '/sluzby'],
  ['/contact', '/kontakt'],
  ['/privacy', '/ochrana-udaju'],
  ['/privacy-policy', '/ochrana-udaju'],
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Non-breaking spaces (Czech typography) compare as plain spaces. */
const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe.each(['phone', 'desktop'] as const)('static pages on %s', (device) => {
  // Eleven pages with axe each: minutes, not seconds, on a loaded 2-core machine.
  it('every page answers 200 in Czech with its heading, canonical URL and no axe violations', { timeout: 180_000 }, async () => {
    const ctx = await newContext(browser, device);
    const page = await ctx.newPage();
    // CSP violations, failed hydration and broken resources all surface as console errors.
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(`${page.url()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => consoleErrors.push(`${page.url()}: ${err.message}`));
    try {
      const titles = new Set<string>();
      for (const { path, h1 } of PAGES) {
        const res = await page.goto(server.url + path);
        expect(res?.status(), path).toBe(200);
        expect(await page.getAttribute('html', 'lang')).toBe('cs');
        expect(norm(await page.locator('h1').first().textContent()), path).toBe(norm(h1));
        expect(await page.locator('h1').count(), `${path}: one h1`).toBe(1);
        // Next.js writes the site root without its trailing slash.
        const absolute = path === '/' ? server.url : `${server.url}${path}`;
        expect(await page.getAttribute('link[rel="canonical"]', 'href'), path).toBe(absolute);
        expect(await page.getAttribute('meta[property="og:url"]', 'content'), path).toBe(absolute);
        expect(await page.getAttribute('meta[property="og:locale"]', 'content'), path).toBe('cs_CZ');
        expect(await page.getAttribute('meta[property="og:image"]', 'content'), path).toMatch(new RegExp(`^${server.url}/api/placeholder/`));
        const description = await page.getAttribute('meta[name="description"]', 'content');
        expect(description?.length ?? 0, `${path}: description`).toBeGreaterThan(50);
        const title = await page.title();
        expect(titles.has(title), `${path}: unique title "${title}"`).toBe(false);
        titles.add(title);
        // Nothing sticks out sideways (no horizontal scrolling on a phone).
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path}: horizontal overflow`).toBe(true);
        await expectNoAxeViolations(page);
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('route aliases', () => {
  it.each(ALIASES)('%s answers 308 to %s', async (from, to) => {
    const res = await fetch(server.url + from, { redirect: 'manual' });
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location') ?? '', server.url).pathname).toBe(to);
  });
});

describe('not found', () => {
  /**
   * A 404 of a cached route (`/{slug}` here) is one HTML for every visitor, so the spec message takes the path
   * from the router in the browser (docs/decisions/011-render-cache-csp.md): read it in Chromium.
   */
  async function notFoundMessage(path: string): Promise<{ status: number | undefined; message: string }> {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const res = await page.goto(server.url + path);
    const locator = page.locator('[data-testid="error-message"]');
    await expect.poll(async () => ((await locator.count()) ? await locator.textContent() : '')).toContain(path);
    const message = (await locator.textContent()) ?? '';
    await ctx.close();
    return { status: res?.status(), message };
  }

  it('an unknown single-segment route is a 404 with the Czech page and the spec message', async () => {
    const res = await fetch(server.url + '/neexistujici-stranka');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Stránka nenalezena');
    expect(await notFoundMessage('/neexistujici-stranka')).toEqual({ status: 404, message: 'Page not found: /neexistujici-stranka' });
  });

  it('an unknown deeper route is a 404 too', async () => {
    const res = await fetch(server.url + '/neco/co/neexistuje');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Stránka nenalezena');
    expect(html).toContain('Page not found: /neco/co/neexistuje');
  });

  it('a slug that fails the route validity check is the fatal variant', async () => {
    for (const path of ['/Darkovy-Poukaz', '/d%C3%A1rek', '/a--b']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Stránka nenalezena');
      expect(await notFoundMessage(path), path).toEqual({ status: 404, message: `Page Not Found: ${path}` });
    }
  });

  it('the 404 page passes axe on a phone', async () => {
    // The consent banner loads when the browser is idle; it is not what this test checks (platform-consent does).
    const ctx = await newQuietContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    const res = await page.goto(server.url + '/tato-stranka-neni');
    expect(res?.status()).toBe(404);
    await page.getByRole('link', { name: 'Zpět na úvod' }).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page);
    await ctx.close();
  });
});

describe('content of the pages', () => {
  it('the price list shows CZK prices, the deposit and links each package to the booking form', async () => {
    const html = await (await fetch(server.url + '/cenik')).text();
    const pricing = getPricing();
    for (const pkg of pricing.packages) {
      expect(html).toContain(`href="/rezervace?balicek=${pkg.id}"`);
      expect(html).toContain(formatCzk(pkg.price));
    }
    expect(html).toContain(`${pricing.depositPercent}\u00a0%`);
    for (const block of pricing.blocks) expect(html).toContain(block.name);
  });

  it('the FAQ is an accordion of native disclosures, and a hash link opens its answer', async () => {
    // Without the consent banner: it loads when the browser is idle and moves the focus to itself when shown.
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/faq');
    const count = allFaqQuestions(getFaq()).length;
    expect(await page.locator('details > summary').count()).toBe(count);
    const first = page.locator('details').first();
    expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await page.goto(server.url + '/faq#dest');
    await page.waitForFunction(() => (document.getElementById('dest') as HTMLDetailsElement | null)?.open === true);
    await ctx.close();
  });

  it('the home page has the business JSON-LD, the favourite weddings and a high-priority hero image in the first HTML', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const business = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b['@type'] === 'ProfessionalService');
    expect(business).toBeDefined();
    expect(business?.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Brno', addressCountry: 'CZ' });
    expect((business?.areaServed as unknown[]).length).toBeGreaterThan(0);
    // Favourite weddings link to their pages.
    expect(await page.locator('a[href^="/weddings/"]').count()).toBeGreaterThanOrEqual(3);
    // The hero is the only eagerly loaded, high-priority image; everything below is lazy.
    const imgs = await page.locator('main img').evaluateAll((els) => els.map((e) => ({ loading: e.getAttribute('loading'), priority: e.getAttribute('fetchpriority') })));
    expect(imgs[0].priority).toBe('high');
    expect(imgs[0].loading).not.toBe('lazy');
    expect(imgs.slice(1).every((i) => i.loading === 'lazy' && i.priority !== 'high')).toBe(true);
    // One high-priority image preload: this page's own LCP image (prefetched pages must not add theirs).
    expect(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').count()).toBe(1);
    await ctx.close();
  });

  it("the favicon is the photographer's initials as a 64 × 64 PNG, kept for a year at the address the page links", async () => {
    const name = getSiteInfo().photographer.name;
    expect(siteIconInitials(name)).toMatch(/^\p{Lu}{1,2}$/u);
    const html = await (await fetch(server.url + '/')).text();
    const link = html.match(/<link rel="icon" href="([^"]+)"[^>]*>/);
    expect(link?.[0]).toContain('type="image/png"');
    expect(link?.[1]?.replace(/&amp;/g, '&')).toBe(siteIconHref(name));
    expect(html).not.toContain('icon.svg');
    const res = await fetch(server.url + siteIconHref(name));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
    // An address with other initials (an old page) is not kept long.
    const stale = await fetch(server.url + '/site-icon.png?v=XY');
    expect(stale.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('the FAQ page has FAQPage JSON-LD with every question', async () => {
    const html = await (await fetch(server.url + '/faq')).text();
    const m = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(m).not.toBeNull();
    const data = JSON.parse(m?.[1] ?? '{}') as { '@type': string; mainEntity: { name: string }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.map((q) => q.name)).toEqual(allFaqQuestions(getFaq()).map((q) => q.question));
  });
});

describe('sitemap and robots', () => {
  it('serves sitemap.xml with static pages, content pages, weddings and blog posts', async () => {
    const res = await fetch(server.url + '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    const xml = await res.text();
    for (const path of ['/', '/cenik', '/faq', '/omne', '/sluzby', '/lokace', '/kontakt', '/ochrana-udaju', '/darkovy-poukaz']) {
      expect(xml).toContain(`<loc>${server.url}${path}</loc>`);
    }
    expect(xml).toMatch(new RegExp(`<loc>${server.url}/weddings/[a-z0-9-]+</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${server.url}/blog/[a-z0-9-]+</loc>`));
    expect(xml).not.toContain('/admin');
  });

  it('serves robots.txt keeping private areas out', async () => {
    const res = await fetch(server.url + '/robots.txt');
    expect(res.status).toBe(200);
    const txt = await res.text();
    for (const path of ['/admin', '/ucet', '/api']) expect(txt).toContain(`Disallow: ${path}`);
    expect(txt).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
