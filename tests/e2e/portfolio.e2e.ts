import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function get(path: string) {
  return fetch(server.url + path, { redirect: 'manual' });
}

/** The not-found text is rendered by React (Next 16 sends 404s thrown by a page as an error shell + RSC data). */
async function errorMessage(page: Page): Promise<string> {
  return (await page.locator('[data-testid="error-message"]').textContent({ timeout: 15_000 })) ?? '';
}

/**
 * Waits until the page has nothing left that could still move it: the scroll (if any) happened, the fonts are
 * settled, the network is idle (lazy images that came into view are fetched, prefetches done), every loaded image
 * is decoded, and two frames were painted after that — so a layout shift caused by any of it is already recorded.
 */
async function settled(page: Page, { scrolled = false } = {}): Promise<void> {
  if (scrolled) await page.waitForFunction(() => window.scrollY > 0 || document.documentElement.scrollHeight <= window.innerHeight);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.decode().catch(() => undefined)));
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

describe('wedding routes answer with the right status and text', () => {
  it.each([
    ['/weddings/tereza-jakub', 'Tereza &amp; Jakub'],
    ['/weddings/id/2', 'Lucie &amp; Martin'],
    ['/weddings/_slug', 'Kterou svatbu hledáte?'],
    ['/strapi-wedding-detail', 'Tereza &amp; Jakub'],
    ['/strapi-wedding-detail?slug=eliska-vojtech', 'Eliška &amp; Vojtěch'],
    ['/strapi-weddings/marketa-filip', 'Markéta &amp; Filip'],
    ['/strapi-weddings/simple-detail?slug=barbora-tomas', 'Barbora &amp; Tomáš'],
    ['/strapi-weddings-detail', 'Detaily svateb'],
    ['/strapi-portfolio', 'Portfolio · Strapi'],
    ['/strapi-portfolio-simple', 'Seznam svateb'],
    ['/portfolio', 'Svatby, které jsem fotografovala'],
    ['/test-gallery', 'Test galerie'],
  ])('%s → 200', async (path, text) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(text);
  });

  it.each([
    ['/wedding-detail-tereza-jakub', '/weddings/tereza-jakub'],
    ['/wedding-detail-tereza-jakub?foto=2', '/weddings/tereza-jakub?foto=2'],
    ['/weddings/_slug?slug=lucie-martin', '/weddings/lucie-martin'],
    ['/wedding/lucie-martin', '/weddings/lucie-martin'],
    ['/weddings', '/portfolio'],
  ])('%s → 308 %s', async (path, target) => {
    const res = await get(path);
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get('location') ?? '', server.url).pathname + new URL(res.headers.get('location') ?? '', server.url).search).toBe(target);
  });

  it.each(['/weddings/Tereza_Jakub', '/weddings/neexistuje', '/weddings/id/999', '/weddings/id/a.b', '/strapi-weddings/X-Y', '/strapi-wedding-detail?slug=spatny_slug', '/wedding-detail-Spatny'])(
    '%s → fatal 404',
    async (path) => {
      const ctx = await newContext(browser, 'desktop');
      const page = await ctx.newPage();
      const res = await page.goto(server.url + path);
      expect(res?.status()).toBe(404);
      const finalPath = new URL(page.url()).pathname + new URL(page.url()).search;
      expect(await errorMessage(page)).toBe(`Page Not Found: ${finalPath}`);
      await ctx.close();
    },
  );
});

describe('portfolio', () => {
  it.each(['phone', 'desktop'] as const)('deep-links the year and category filters (%s)', async (device) => {
    const ctx = await newContext(browser, device);
    const page = await ctx.newPage();
    await page.goto(server.url + '/portfolio?rok=2025');
    await expect.poll(() => page.locator('[data-testid="portfolio-summary"]').textContent()).toBe('1 svatba z roku 2025');
    expect(await page.locator('main article h2').allTextContents()).toEqual(['Lucie & Martin']);
    expect(await page.locator('a.chip[aria-current="true"]').allTextContents()).toEqual(['2025', 'Celý den']);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Obřad' }).click();
    await page.waitForURL(/kategorie=obrad/);
    expect(new URL(page.url()).searchParams.get('rok')).toBe('2025');
    await expect.poll(() => page.locator('[data-testid="portfolio-summary"]').textContent()).toBe('1 svatba z roku 2025 · Obřad');
    expect(await page.locator('main article a').first().getAttribute('href')).toBe('/weddings/lucie-martin?kategorie=obrad');

    await page.getByRole('link', { name: 'Všechny roky' }).click();
    await page.waitForURL((u) => !u.searchParams.has('rok'));
    await expect.poll(() => page.locator('main article h2').count()).toBe(5);
    await ctx.close();
  });

  it('lists favourites first, then the newest, and works without JavaScript', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(server.url + '/portfolio');
    // Favourites: Tereza & Jakub (2026), Lucie & Martin (2025), Eliška & Vojtěch (2024); then Barbora & Tomáš (2026), Markéta & Filip (2024).
    expect(await page.locator('main article h2').allTextContents()).toEqual(['Tereza & Jakub', 'Lucie & Martin', 'Eliška & Vojtěch', 'Barbora & Tomáš', 'Markéta & Filip']);
    await page.locator('a.chip', { hasText: /^2024$/ }).click();
    await page.waitForURL(/rok=2024/);
    expect(await page.locator('main article h2').allTextContents()).toEqual(['Eliška & Vojtěch', 'Markéta & Filip']);
    await ctx.close();
  });

  it('explains unusable filter values in Czech instead of failing', async () => {
    const res = await get('/portfolio?rok=abc&kategorie=nic');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Pro rok „abc“ tu žádné svatby nemám');
    expect(html).toContain('Kategorii „nic“ neznám');
  });
});

describe('wedding detail', () => {
  it.each(['phone', 'desktop'] as const)('shows couple, Czech date, place, story and gallery with no axe violations (%s)', async (device) => {
    const ctx = await newContext(browser, device);
    const page = await ctx.newPage();
    await page.goto(server.url + '/weddings/tereza-jakub');
    expect(await page.locator('h1').textContent()).toBe('Tereza & Jakub');
    expect(await page.locator('[data-testid="wedding-date"]').textContent()).toBe('13. června 2026');
    expect(await page.locator('main').textContent()).toContain('Zámek Lednice');
    const thumbs = page.locator('[data-testid="gallery-grid"] li');
    expect(await thumbs.count()).toBeGreaterThanOrEqual(20);
    // Every image has intrinsic dimensions (no layout shift) and only the LCP image is eager.
    const imgs = await page.locator('main img').evaluateAll((els) =>
      els.map((e) => ({ w: e.getAttribute('width'), h: e.getAttribute('height'), loading: e.getAttribute('loading'), fp: e.getAttribute('fetchpriority') })),
    );
    expect(imgs.every((i) => Number(i.w) > 0 && Number(i.h) > 0)).toBe(true);
    expect(imgs.filter((i) => i.fp === 'high')).toHaveLength(1);
    expect(imgs.filter((i) => i.loading === 'lazy').length).toBe(imgs.length - 1);
    // One high-priority image preload: this page's own LCP image (prefetched pages must not add theirs).
    expect(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').count()).toBe(1);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('ImageGallery');
    // Browsing continues with the next weddings in portfolio order.
    expect(await page.locator('section[aria-labelledby="more-title"] h3').allTextContents()).toEqual(['Lucie & Martin', 'Eliška & Vojtěch']);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.url}/weddings/tereza-jakub`);
    await expectNoAxeViolations(page);
    await ctx.close();
  });

  it('points every wedding route at the canonical URL', async () => {
    for (const path of ['/weddings/id/1', '/strapi-wedding-detail', '/strapi-weddings/tereza-jakub']) {
      const html = await (await get(path)).text();
      expect(html, path).toContain(`<link rel="canonical" href="${server.url}/weddings/tereza-jakub"/>`);
    }
  });

  it('serves AVIF to Chromium and keeps CLS at 0 and the first viewport under 400 KB (phone)', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const imageTypes: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/_next/image')) imageTypes.push(r.headers()['content-type'] ?? '');
    });
    await page.goto(server.url + '/weddings/lucie-martin', { waitUntil: 'load' });
    await settled(page);
    expect(imageTypes.length).toBeGreaterThan(0);
    expect(imageTypes.every((t) => t === 'image/avif')).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    const bytes = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return nav.transferSize + res.reduce((s, r) => s + (r.transferSize || r.encodedBodySize), 0);
    });
    expect(bytes).toBeLessThan(400 * 1024);

    const src = await page.locator('main img').first().getAttribute('src');
    const res = await fetch(new URL(src ?? '', server.url), { headers: { accept: 'image/avif,image/webp,image/*' } });
    expect(res.headers.get('content-type')).toBe('image/avif');
    const webp = await fetch(new URL(src ?? '', server.url), { headers: { accept: 'image/webp,image/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    await ctx.close();
  });

  it.each(['/portfolio', '/test-gallery', '/blog'])('%s does not shift while loading (desktop)', async (path) => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(server.url + path, { waitUntil: 'load' });
    await page.mouse.wheel(0, 2500);
    await settled(page, { scrolled: true });
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    await ctx.close();
  });

  it('has no axe violations on the other wedding pages', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    for (const path of ['/weddings/_slug', '/strapi-portfolio', '/strapi-portfolio-simple', '/strapi-weddings-detail', '/weddings/Spatny_Slug']) {
      await page.goto(server.url + path);
      await page.locator('h1').first().waitFor();
      await expectNoAxeViolations(page);
    }
    await ctx.close();
  });
});

describe('testimonials', () => {
  it('carries the couple in the title and passes axe', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/testimonials-test');
    expect(await page.title()).toMatch(/^Reference – Tereza & Jakub/);
    expect(await page.locator('figure blockquote').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole('link', { name: 'Lucie & Martin' }).getAttribute('href')).toBe('/weddings/lucie-martin');
    await expectNoAxeViolations(page);
    await page.goto(server.url + '/testimonials-test?par=lucie-martin');
    expect(await page.title()).toMatch(/^Reference – Lucie & Martin/);
    await ctx.close();
  });
});
