import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newQuietContext, startServer, type RunningServer } from './harness';
import { getSiteInfo } from '@/site/public.server';


let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** React has attached its handlers to the element (before that, clicks and keys do nothing or reload). */
async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactProps') || k.startsWith('__reactFiber'));
  }, selector);
}

/** Marks the document so a full reload (instead of a client navigation) is detectable. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __spa?: boolean }).__spa = true));
}
async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa === true);
}

/** Sets `window[flag]`, from before the page's scripts run, once a listener for `type` is added to `target`. */
async function flagWhenListening(page: Page, target: 'window' | 'document', type: string, flag: string): Promise<void> {
  await page.addInitScript(
    ({ target, type, flag }) => {
      const on = target === 'window' ? window : document;
      const add = on.addEventListener.bind(on);
      on.addEventListener = ((t: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
        if (t === type) (window as unknown as Record<string, boolean>)[flag] = true;
        add(t, listener, options);
      }) as typeof on.addEventListener;
    },
    { target, type, flag },
  );
}

describe('navigation', () => {
  it('a client navigation starts the new page at the top', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/faq');
    await waitForHydration(page, 'footer a[href="/ochrana-udaju"]');
    await markDocument(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 500);
    await page.locator('footer').getByRole('link', { name: 'Ochrana osobních údajů' }).click();
    await page.waitForURL(`${server.url}/ochrana-udaju`);
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await stillSameDocument(page)).toBe(true);
    await ctx.close();
  });

  it('a visitor who scrolled before the scripts ran is not thrown back to the top by hydration', async () => {
    const ctx = await newQuietContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    // The layout's route effects register the only `hashchange` listener on this page, in the same commit as
    // their scroll handling: once it is registered, that handling has run.
    await flagWhenListening(page, 'window', 'hashchange', '__routeEffects');
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    // Only the scripts are held: the page's linked stylesheets (also under chunks/) load, as they would.
    await page.route('**/_next/static/chunks/**', (route) => (holding && !route.request().url().endsWith('.css') ? held.push(() => route.continue()) : route.continue()));
    await page.goto(server.url + '/portfolio', { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY > 500);
    expect(await page.evaluate(() => (window as unknown as { __routeEffects?: boolean }).__routeEffects)).toBeUndefined();
    holding = false;
    await Promise.all(held.map((go) => go()));
    await page.waitForFunction(() => (window as unknown as { __routeEffects?: boolean }).__routeEffects === true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await ctx.close();
  });

  it('a hash link to another page scrolls to its anchor', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/cenik');
    await waitForHydration(page, 'a[href="/lokace#cestovne"]');
    await markDocument(page);
    await page.getByRole('link', { name: 'Pravidla cestovného' }).click();
    await page.waitForURL(`${server.url}/lokace#cestovne`);
    await page.waitForFunction(() => {
      const top = document.getElementById('cestovne')?.getBoundingClientRect().top ?? -1;
      return window.scrollY > 0 && top >= 0 && top < 200;
    });
    expect(await stillSameDocument(page)).toBe(true);
    await ctx.close();
  });

  it('a hash link on the same page scrolls to its anchor', async () => {
    const ctx = await newQuietContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    await page.goto(server.url + '/faq');
    await page.getByRole('navigation', { name: 'Témata otázek' }).getByRole('link').last().click();
    await page.waitForFunction(() => {
      const id = window.location.hash.slice(1);
      const top = id ? (document.getElementById(id)?.getBoundingClientRect().top ?? -1) : -1;
      return window.scrollY > 0 && top >= 0 && top < 200;
    });
    await ctx.close();
  });
});

describe('prefetching (docs/decisions/106-prefetch-on-intent.md)', () => {
  const payloadsOf = (requests: string[], path: string) => requests.filter((u) => new URL(u).pathname === path);

  it('fetches no other page on sight; a link the pointer or the keyboard reaches is prefetched, and followed without a reload', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    const rsc: string[] = [];
    page.on('request', (r) => {
      if (r.headers()['rsc'] === '1') rsc.push(r.url());
    });
    // The layout's intent listener is the only `pointerover` listener on the document.
    await flagWhenListening(page, 'document', 'pointerover', '__intent');
    await page.goto(server.url + '/portfolio');
    await page.waitForFunction(() => (window as unknown as { __intent?: boolean }).__intent === true);
    await waitForHydration(page, 'a[href^="/weddings/"]');
    await page.waitForLoadState('networkidle');
    // Every wedding card, the header and the first screen's links are in view: none was fetched ahead.
    expect(rsc).toEqual([]);
    const card = page.locator('a[href^="/weddings/"]').first();
    const href = (await card.getAttribute('href')) ?? '';
    expect(await card.getAttribute('data-intent')).toBe('');

    // The pointer reaches the card: its page is prefetched once, before any click.
    const prefetched = page.waitForRequest((r) => r.headers()['rsc'] === '1' && new URL(r.url()).pathname === href);
    await card.hover();
    await prefetched;
    await page.locator('h1').hover();
    await card.hover();
    await page.waitForLoadState('networkidle');
    expect(payloadsOf(rsc, href)).toHaveLength(1);

    // The keyboard reaches the logo link: the home page is prefetched.
    const home = page.waitForRequest((r) => r.headers()['rsc'] === '1' && new URL(r.url()).pathname === '/');
    await page.locator('header a[href="/"]').first().focus();
    await home;

    // A link that says prefetch={false} (the booking page: its form's code) is never fetched ahead, even on hover.
    await page.locator('header a[href="/rezervace"]').first().hover();
    await page.waitForLoadState('networkidle');
    expect(payloadsOf(rsc, '/rezervace')).toEqual([]);

    // Following the prefetched card is still a client navigation.
    await markDocument(page);
    await card.click();
    await page.waitForURL(server.url + href);
    expect(await stillSameDocument(page)).toBe(true);
    await ctx.close();
  });
});

describe('mobile menu', () => {
  it('works with the keyboard alone', async () => {
    const ctx = await newQuietContext(browser, server.url, 'phone');
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    // Wait for hydration: the menu button reacts only once React has attached its handlers.
    await waitForHydration(page, 'button[aria-controls="mobile-menu"]');
    const button = page.locator('button[aria-controls="mobile-menu"]');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);

    // Tab to the button.
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((b) => b === document.activeElement);
    }
    expect(reached).toBe(true);

    // Enter opens it; the first link gets focus.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('button[aria-controls="mobile-menu"]')?.getAttribute('aria-expanded') === 'true');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // Every navigation link and the booking call to action are reachable with Tab.
    const site = getSiteInfo();
    const focused: string[] = [await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '')];
    for (let i = 0; i < site.navigation.length; i++) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.getAttribute('href') ?? ''));
    }
    expect(focused).toEqual([...site.navigation.map((n) => n.href), site.cta.href]);
    expect(await page.evaluate(() => document.getElementById('mobile-menu')?.contains(document.activeElement))).toBe(true);

    // Esc closes it and returns focus to the button.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('button[aria-controls="mobile-menu"]')?.getAttribute('aria-expanded') === 'false');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);

    // Enter on a link inside navigates and closes the menu.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('button[aria-controls="mobile-menu"]')?.getAttribute('aria-expanded') === 'true');
    const faqLink = page.locator('#mobile-menu').getByRole('link', { name: 'Časté otázky' });
    await faqLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/faq`);
    await page.waitForFunction(() => document.querySelector('button[aria-controls="mobile-menu"]')?.getAttribute('aria-expanded') === 'false');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    await ctx.close();
  });

  it('shows the desktop navigation instead on a wide screen', async () => {
    const ctx = await newQuietContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    await page.goto(server.url + '/cenik');
    expect(await page.locator('button[aria-controls="mobile-menu"]').isVisible()).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Hlavní navigace' });
    expect(await nav.isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Ceník' }).getAttribute('aria-current')).toBe('page');
    await ctx.close();
  });
});
