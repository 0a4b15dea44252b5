import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, hydrated, launchBrowser, newQuietContext, skipConsentBanner, startServer, type RunningServer } from './harness';
import { GALLERY_PAGE_SIZE } from '@/content/ui/gallery/gallery-model';


let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (page: Page) => page.locator('dialog[aria-modal="true"]');
const position = (page: Page) => page.locator('[data-testid="lightbox-position"]');
const activeInfo = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    const grid = document.querySelector('[data-testid="gallery-grid"]');
    const thumbs = grid ? Array.from(grid.querySelectorAll('a')) : [];
    return { inDialog: Boolean(a?.closest('dialog')), thumbIndex: thumbs.indexOf(a as HTMLAnchorElement), tag: a?.tagName };
  });

describe('lightbox (keyboard only)', () => {
  it('opens with Enter, navigates with arrows, traps focus, closes with Esc and returns focus', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/test-gallery');
    const total = await page.locator('[data-testid="gallery-grid"] li').count();
    expect(total).toBeGreaterThanOrEqual(20);

    // Tab from the top of the page to the first thumbnail.
    let info = await activeInfo(page);
    for (let i = 0; i < 80 && info.thumbIndex !== 0; i++) {
      await page.keyboard.press('Tab');
      info = await activeInfo(page);
    }
    expect(info.thumbIndex).toBe(0);

    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    expect(await dialog(page).getAttribute('aria-label')).toContain('Prohlížeč fotografií');
    expect((await activeInfo(page)).inDialog).toBe(true);
    expect(await position(page).textContent()).toBe(`Fotografie 1 / ${total}`);
    expect(await position(page).getAttribute('aria-live')).toBe('polite');
    expect(new URL(page.url()).searchParams.get('foto')).toBe('1');

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie 3 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie 2 / ${total}`);
    expect(new URL(page.url()).searchParams.get('foto')).toBe('2');

    // Focus stays inside the dialog in both directions.
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      expect((await activeInfo(page)).inDialog).toBe(true);
    }
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await activeInfo(page)).inDialog).toBe(true);
    }

    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await activeInfo(page)).thumbIndex).toBe(1);
    expect(new URL(page.url()).searchParams.has('foto')).toBe(false);
    await ctx.close();
  });

  it('wraps around from the last photo to the first and preloads the neighbours', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_next/image')) requested.push(decodeURIComponent(r.url()));
    });
    await page.goto(server.url + '/test-gallery?foto=1');
    await dialog(page).waitFor();
    const total = await page.locator('[data-testid="gallery-grid"] li').count();
    // The neighbours of photo 1 are photo 2 and the last photo.
    await expect.poll(() => requested.some((u) => u.includes('/test-gallery-2/'))).toBe(true);
    await expect.poll(() => requested.some((u) => u.includes(`/test-gallery-${total}/`))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie ${total} / ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie 1 / ${total}`);
    await ctx.close();
  });

  it('opens from a ?foto=N deep link within a category and filters with chips', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/test-gallery?kategorie=obrad&foto=2');
    await dialog(page).waitFor();
    const count = await page.locator('[data-testid="gallery-grid"] li').count();
    expect(await position(page).textContent()).toBe(`Fotografie 2 / ${count}`);
    expect(await page.locator('dialog figcaption').textContent()).toBe('Obřad');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    const chip = page.locator('a.chip', { hasText: 'Portréty' });
    const chipCount = Number(await chip.locator('.count').textContent());
    await chip.click();
    await expect.poll(() => page.locator('[data-testid="gallery-grid"] li').count()).toBe(chipCount);
    expect(new URL(page.url()).searchParams.get('kategorie')).toBe('portrety');
    expect(await chip.getAttribute('aria-current')).toBe('true');
    await expectNoAxeViolations(page);
    await ctx.close();
  });

  it('navigates with swipes on a phone and has no animation under reduced motion', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'cs-CZ', reducedMotion: 'reduce' });
    await skipConsentBanner(ctx, server.url);
    const page = await ctx.newPage();
    await page.goto(server.url + '/test-gallery');
    await page.locator('[data-testid="gallery-grid"] a').first().tap();
    await dialog(page).waitFor();
    const total = await page.locator('[data-testid="gallery-grid"] li').count();
    const swipe = (fromX: number, toX: number) =>
      page.locator('dialog img').evaluate(
        (img, [a, b]) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: img, clientX: x, clientY: 400 });
          img.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(a)], changedTouches: [touch(a)] }));
          img.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(b)] }));
        },
        [fromX, toX],
      );
    await swipe(300, 100);
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie 2 / ${total}`);
    await swipe(100, 300);
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie 1 / ${total}`);
    expect(await page.locator('dialog img').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Zavřít prohlížeč' }).tap();
    await dialog(page).waitFor({ state: 'detached' });
    await ctx.close();
  });
});

/**
 * A sample wedding whose gallery is longer than one page (29 placeholder photos: 24 in the page's HTML, 5 fetched
 * from GET /api/weddings/{slug}/fotografie): the lightbox still covers every photo.
 */
describe('lightbox over a gallery in pages', () => {
  const WEDDING = '/weddings/marketa-filip';
  const TOTAL = 29;
  const caption = (page: Page) => page.locator('dialog figcaption');
  const slices = (page: Page) => {
    const seen: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/weddings/marketa-filip/fotografie?')) seen.push(`${r.status()} ${new URL(r.url()).searchParams.get('strana')}`);
    });
    return seen;
  };

  it('the page holds the first page only; the last photo is a neighbour of the first and is preloaded', async () => {
    expect(TOTAL).toBeGreaterThan(GALLERY_PAGE_SIZE);
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_next/image')) requested.push(decodeURIComponent(r.url()));
    });
    const fetched = slices(page);
    await page.goto(server.url + WEDDING + '?foto=1');
    await dialog(page).waitFor();
    expect(await position(page).textContent()).toBe(`Fotografie 1 / ${TOTAL}`);
    // Photo 29 lives on page 2 and came with the page as the deep-linked photo's neighbour: preloaded, no fetch.
    await expect.poll(() => requested.some((u) => u.includes(`/marketa-filip-${TOTAL}/`))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie ${TOTAL} / ${TOTAL}`);
    expect(await page.locator('dialog img').getAttribute('alt')).toContain(`fotografie ${TOTAL}`);
    expect(await caption(page).textContent()).toBe('Portréty');
    // Its neighbour, photo 28, is fetched with page 2 (one cacheable answer) and preloaded.
    await expect.poll(() => fetched).toEqual(['200 2']);
    await expect.poll(() => requested.some((u) => u.includes(`/marketa-filip-${TOTAL - 1}/`))).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie 1 / ${TOTAL}`);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await activeInfo(page)).thumbIndex).toBe(0);
    expect(await page.locator('[data-testid="gallery-grid"] li').count()).toBe(GALLERY_PAGE_SIZE);
    await ctx.close();
  });

  it('opens ?foto=N beyond the first page at the right photo and returns focus to its thumbnail', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + WEDDING + '?foto=27');
    await dialog(page).waitFor();
    expect(await position(page).textContent()).toBe(`Fotografie 27 / ${TOTAL}`);
    // The deep-linked photo comes with the page (no fetch needed to show it).
    expect(await page.locator('dialog img').getAttribute('alt')).toContain('fotografie 27');
    expect(await caption(page).textContent()).toBe('Obřad');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie 28 / ${TOTAL}`);
    await expect.poll(() => page.locator('dialog img').getAttribute('alt')).toContain('fotografie 28');
    expect(await caption(page).textContent()).toBe('Portréty');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    // The photo's page joins the mosaic, so focus returns to photo 28's thumbnail.
    await expect.poll(async () => (await activeInfo(page)).thumbIndex).toBe(27);
    expect(await page.locator('[data-testid="gallery-grid"] li').count()).toBe(TOTAL);
    await ctx.close();
  });

  it('navigates with the arrows from the first page into the next one', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    const fetched = slices(page);
    await page.goto(server.url + WEDDING);
    await hydrated(page, '[data-testid="gallery-grid"] a');
    const thumbs = page.locator('[data-testid="gallery-grid"] a');
    expect(await thumbs.count()).toBe(GALLERY_PAGE_SIZE);
    await thumbs.nth(GALLERY_PAGE_SIZE - 1).click();
    await dialog(page).waitFor();
    expect(await position(page).textContent()).toBe(`Fotografie ${GALLERY_PAGE_SIZE} / ${TOTAL}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page).textContent()).toBe(`Fotografie ${GALLERY_PAGE_SIZE + 1} / ${TOTAL}`);
    await expect.poll(() => page.locator('dialog img').getAttribute('alt')).toContain(`fotografie ${GALLERY_PAGE_SIZE + 1}`);
    expect(fetched).toEqual(['200 2']);
    await ctx.close();
  });
});

