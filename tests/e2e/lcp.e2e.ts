/**
 * The largest paint does not wait for JavaScript (docs/decisions/055-lcp-without-waiting.md). For every key page, on
 * a phone in real Chromium:
 * - Chromium's own `largest-contentful-paint` PerformanceObserver names the LCP element, and that element is still
 *   the same node after hydration (not replaced by client code);
 * - the element is in the first HTML (outside the RSC payload), not lazy, and an image is preloaded from the
 *   <head> with fetchpriority=high (or is the first <img>), decoded with its frame, sized for the phone and AVIF;
 * - with JavaScript disabled the same element is there and visible (nothing hides it until a script runs);
 * - fonts are off its path: no font preload, every face `font-display: optional`; the CSS is a few linked build
 *   files (docs/decisions/096-lighter-document.md).
 * No timing is asserted: Lighthouse's numbers are the bench's job (bench/lighthouse.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

/** What Chromium reported as the LCP element, described well enough to find it again in the raw HTML. */
interface LcpElement {
  tag: string;
  src: string | null;
  srcset: string | null;
  currentSrc: string | null;
  loading: string | null;
  decoding: string | null;
  fetchPriority: string | null;
  text: string;
  /** Still in the document after hydration, as the very node that was painted. */
  connected: boolean;
  /** A selector that finds it again (the element's position in the DOM). */
  path: string;
}

type Kind = 'img' | 'text' | 'any';

async function firstLink(listPath: string, prefix: string): Promise<string> {
  const html = await (await fetch(server.url + listPath)).text();
  const m = new RegExp(`href="(${prefix}[a-z0-9][a-z0-9-]*)"`).exec(html);
  if (!m) throw new Error(`no ${prefix} link on ${listPath}`);
  return m[1];
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m ? decode(m[1]) : null;
}

/** Loads the page on a phone and returns the element of the last LCP entry once the page is loaded and hydrated. */
async function observedLcp(page: Page, url: string): Promise<LcpElement> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: Element[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) if (e.element) w.__lcp.push(e.element);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // Hydrated: React has attached itself to the server-rendered <main> (it reuses the nodes it finds).
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
  });
  // Every image in the first viewport has been decoded, and two frames have been presented since: the LCP
  // entries of what is on screen now have all been delivered.
  await page.evaluate(async () => {
    const inView = [...document.images].filter((i) => i.getBoundingClientRect().top < window.innerHeight && i.loading !== 'lazy');
    await Promise.all(inView.map((i) => i.decode().catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  return page.evaluate(() => {
    const list = (window as unknown as { __lcp: Element[] }).__lcp;
    const el = list[list.length - 1];
    if (!el) throw new Error('no largest-contentful-paint entry');
    const path: string[] = [];
    for (let n: Element | null = el; n && n !== document.documentElement; n = n.parentElement) {
      const parent: Element | null = n.parentElement;
      const index = parent ? [...parent.children].indexOf(n) + 1 : 1;
      path.unshift(`${n.tagName.toLowerCase()}:nth-child(${index})`);
    }
    const img = el instanceof HTMLImageElement ? el : null;
    return {
      tag: el.tagName.toLowerCase(),
      src: el.getAttribute('src'),
      srcset: el.getAttribute('srcset'),
      currentSrc: img?.currentSrc ?? null,
      loading: el.getAttribute('loading'),
      decoding: el.getAttribute('decoding'),
      fetchPriority: el.getAttribute('fetchpriority'),
      text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      connected: el.isConnected,
      path: `html > ${path.join(' > ')}`,
    };
  });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the largest paint does not wait for JavaScript (phone)', () => {
  const pages: { name: string; path: () => Promise<string>; kind: Kind }[] = [
    { name: 'home', path: async () => '/', kind: 'img' },
    { name: 'portfolio', path: async () => '/portfolio', kind: 'any' },
    { name: 'a wedding', path: () => firstLink('/portfolio', '/weddings/'), kind: 'img' },
    { name: 'booking', path: async () => '/rezervace', kind: 'any' },
    { name: 'a blog post', path: () => firstLink('/blog', '/blog/'), kind: 'img' },
    { name: 'blog', path: async () => '/blog', kind: 'any' },
    { name: 'about', path: async () => '/omne', kind: 'any' },
    { name: 'contact', path: async () => '/kontakt', kind: 'any' },
  ];

  for (const p of pages) {
    it(`${p.name}: the LCP element is in the first HTML, eager, preloadable and painted without scripts`, async () => {
      const path = await p.path();
      const url = server.url + path;
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));
      // The document as the parser sees it, without the RSC payload (text there is data for React, not markup).
      const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

      // Fonts off the critical path: no font preload (a preloaded `optional` face holds the first paint), every
      // face `optional` (never swapped in later, so no layout shift). The page's CSS is linked per route
      // (docs/decisions/096-lighter-document.md): a few build files from this origin, the layout's shared by all
      // (deferred behind the inlined critical rules where they fit, with a <noscript> twin of each link: 101).
      expect(head).not.toMatch(/<link[^>]+as="font"/);
      const sheets = [...new Set([...head.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => attr(m[0], 'href') ?? ''))];
      expect(sheets.length).toBeGreaterThan(0);
      expect(sheets.length).toBeLessThanOrEqual(4);
      for (const href of sheets) expect(href).toMatch(/^\/_next\/static\/[\w/.-]+\.css$/);
      const css = (await Promise.all(sheets.map(async (href) => (await fetch(server.url + href)).text()))).join('\n');
      // (The metric-adjusted fallback faces are `local()` fonts: nothing to load, nothing to display late.)
      const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]).filter((f) => /url\(/.test(f));
      expect(faces.length).toBeGreaterThan(0);
      for (const f of faces) expect(f).toMatch(/font-display:\s*optional/);

      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      const imageTypes = new Map<string, string>();
      page.on('response', (r) => {
        if (r.request().resourceType() === 'image') imageTypes.set(r.url(), r.headers()['content-type'] ?? '');
      });
      const lcp = await observedLcp(page, url);
      await context.close();

      expect(lcp.connected, `LCP element ${lcp.path} was replaced after it was painted`).toBe(true);
      if (p.kind !== 'any') expect(lcp.tag === 'img' ? 'img' : 'text').toBe(p.kind);

      if (lcp.tag === 'img') {
        expect(lcp.src).toBeTruthy();
        const tags = [...markup.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
        const tag = tags.find((t) => attr(t, 'src') === lcp.src);
        expect(tag, `the LCP <img src="${lcp.src}"> is not in the first HTML`).toBeTruthy();
        expect(attr(tag!, 'loading')).not.toBe('lazy');
        expect(lcp.loading).not.toBe('lazy');
        expect(attr(tag!, 'fetchpriority')).toBe('high');
        expect(attr(tag!, 'decoding')).not.toBe('async');
        // Found by the preload scanner from the first bytes: a preload in the <head> for exactly this image
        // (same srcset or href), or the first <img> of the document.
        const preloads = [...head.matchAll(/<link\b[^>]*rel="preload"[^>]*>/g)].map((m) => m[0]).filter((l) => attr(l, 'as') === 'image');
        const preloaded = preloads.some((l) => (lcp.srcset && attr(l, 'imageSrcSet') === lcp.srcset) || attr(l, 'href') === lcp.src);
        expect(preloaded || tags[0] === tag, `the LCP image is neither preloaded from the head nor the first <img>`).toBe(true);
        const hinted = preloads.find((l) => (lcp.srcset && attr(l, 'imageSrcSet') === lcp.srcset) || attr(l, 'href') === lcp.src);
        if (hinted) expect(attr(hinted, 'fetchPriority')).toBe('high');
        // Sized for the phone and AVIF: the candidate the browser picked is at most one step above the screen's
        // device pixels, and the optimizer answered it as AVIF.
        const chosen = new URL(lcp.currentSrc!);
        const w = Number(chosen.searchParams.get('w'));
        const variant = /\/api\/placeholder\/[a-z0-9-]+\/\d+x\d+\.w(\d+)$/.exec(chosen.pathname);
        if (chosen.pathname === '/_next/image') {
          expect(w).toBeGreaterThan(0);
          expect(w).toBeLessThanOrEqual(PHONE.viewport.width * PHONE.deviceScaleFactor * 1.1);
          expect(imageTypes.get(lcp.currentSrc!)).toBe('image/avif');
        } else if (variant) {
          // A ready-made variant of a sample photograph (src/content/placeholder-variants.ts).
          expect(Number(variant[1])).toBeLessThanOrEqual(PHONE.viewport.width * PHONE.deviceScaleFactor * 1.1);
          expect(imageTypes.get(lcp.currentSrc!)).toBe('image/avif');
        }
        // The photo-LCP pages of the sample content never wait for the image optimiser's per-request work.
        if (p.kind === 'img') expect(chosen.pathname, 'the LCP photo is a ready-made variant').not.toBe('/_next/image');
      } else {
        expect(lcp.text.length).toBeGreaterThan(0);
        const visibleText = squash(decode(markup.replace(/<[^>]+>/g, ' ')));
        expect(visibleText, `the LCP text "${lcp.text.slice(0, 60)}" is not in the first HTML`).toContain(squash(lcp.text).slice(0, 80));
      }

      // Without JavaScript the same element is there and shown: no opacity reveal, no client-only rendering.
      const noJs = await browser.newContext({ ...PHONE, locale: 'cs-CZ', javaScriptEnabled: false });
      const bare = await noJs.newPage();
      await bare.goto(url, { waitUntil: 'load' });
      const el = bare.locator(lcp.path);
      expect(await el.count()).toBe(1);
      expect(await el.isVisible()).toBe(true);
      if (lcp.tag === 'img') {
        expect(await el.getAttribute('src')).toBe(lcp.src);
        const shown = await el.evaluate((img) => {
          const i = img as HTMLImageElement;
          let opacity = 1;
          for (let n: Element | null = i; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
          return { complete: i.complete, naturalWidth: i.naturalWidth, opacity, visibility: getComputedStyle(i).visibility };
        });
        expect(shown).toMatchObject({ complete: true, opacity: 1, visibility: 'visible' });
        expect(shown.naturalWidth).toBeGreaterThan(0);
      } else {
        expect(squash((await el.textContent()) ?? '')).toBe(squash(lcp.text));
        const opacity = await el.evaluate((n) => {
          let o = 1;
          for (let e: Element | null = n; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
          return o;
        });
        expect(opacity).toBe(1);
      }
      await noJs.close();
    });
  }
});
