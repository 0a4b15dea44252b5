import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './harness';

/**
 * Every public page's document carries only what that page needs (docs/decisions/096-lighter-document.md):
 * - its HTML (uncompressed, as the server sends it) stays within 60 KB, a wedding page with its first 24 photos
 *   within 90 KB;
 * - no stylesheet is inlined (inlined, Next also repeated the whole CSS in the flight data) and no page links
 *   every stylesheet: the chunk of the shared layout is linked by all, a page's own rules only by the pages that
 *   use them (the booking form's rules are not on the price list, the price list's not on the blog);
 * - the flight data does not repeat the page's stylesheets.
 * Sample content (built-in source): the wedding pages have 20–29 photos each.
 */
const KB = 1024;
const PAGE_LIMIT = 60 * KB;
const WEDDING_LIMIT = 90 * KB;

const STATIC_PAGES = [
  '/',
  '/portfolio',
  '/blog',
  '/faq',
  '/omne',
  '/cenik',
  '/sluzby',
  '/lokace',
  '/kontakt',
  '/ochrana-udaju',
  '/obchodni-podminky',
  '/obchodni-podminky/odstoupeni-od-smlouvy',
  '/darkovy-poukaz',
  '/jak-probiha-foceni',
  '/rezervace',
  '/simple-booking',
  '/portfolio?rok=2025',
  '/rezervace?termin=2030-06-15',
];

let server: RunningServer;
let weddings: string[] = [];
let posts: string[] = [];

beforeAll(async () => {
  server = await startServer();
  const portfolio = await (await fetch(`${server.url}/portfolio`)).text();
  weddings = [...new Set([...portfolio.matchAll(/href="(\/weddings\/[a-z0-9-]+)"/g)].map((m) => m[1]))];
  const blog = await (await fetch(`${server.url}/blog`)).text();
  posts = [...new Set([...blog.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((m) => m[1]))];
});
afterAll(async () => {
  await server?.stop();
});

async function page(p: string): Promise<{ status: number; html: string }> {
  const res = await fetch(server.url + p, { headers: { 'accept-encoding': 'identity' } });
  return { status: res.status, html: await res.text() };
}

function stylesheets(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1] ?? '').filter(Boolean);
}

describe('document size', () => {
  it('every public page stays within 60 KB of HTML, a wedding page with its first 24 photos within 90 KB', async () => {
    expect(weddings.length).toBeGreaterThanOrEqual(5);
    expect(posts.length).toBeGreaterThanOrEqual(1);
    const sizes: Record<string, number> = {};
    const over: string[] = [];
    const pages: [string, number][] = [
      ...STATIC_PAGES.map((p): [string, number] => [p, PAGE_LIMIT]),
      ...posts.map((p): [string, number] => [p, PAGE_LIMIT]),
      ...weddings.map((p): [string, number] => [p, WEDDING_LIMIT]),
      ['/neexistujici-stranka', PAGE_LIMIT],
    ];
    for (const [p, limit] of pages) {
      // Twice: the first answer may be the render that fills the cache, the second is what visitors get.
      await page(p);
      const { status, html } = await page(p);
      expect(status, p).toBe(p === '/neexistujici-stranka' ? 404 : 200);
      const bytes = Buffer.byteLength(html, 'utf8');
      sizes[p] = Math.round(bytes / 102.4) / 10;
      if (bytes > limit) over.push(`${p}: ${sizes[p]} KB > ${limit / KB} KB`);
    }
    // The figures are printed for the record (the bench keeps the budgets' history).
    console.log('HTML sizes (KB):', JSON.stringify(sizes));
    expect(over).toEqual([]);
  }, 180_000);

  it('links stylesheets per route instead of inlining them: shared chunks once, a page’s own rules only where used', async () => {
    const perPage: Record<string, string[]> = {};
    for (const p of ['/', '/cenik', '/faq', '/kontakt', '/rezervace', '/blog', weddings[0]]) {
      const { html } = await page(p);
      // Nothing inlined: no <style> with rules, and the flight data names stylesheets instead of carrying them.
      expect([...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].filter((m) => m[1].length > 200).map((m) => m[1].slice(0, 80)), p).toEqual([]);
      expect(html, p).not.toContain('--paper:#faf7f2');
      perPage[p] = stylesheets(html);
      expect(perPage[p].length, p).toBeGreaterThan(0);
    }
    // The layout's rules are one shared file that every page links (cached after the first page).
    const shared = Object.values(perPage).reduce((acc, hrefs) => acc.filter((h) => hrefs.includes(h)));
    expect(shared.length).toBeGreaterThan(0);
    // The booking form's rules are not on the price list, nor the price list's on the booking page or the blog.
    const own = (p: string) => perPage[p].filter((h) => !shared.includes(h));
    expect(own('/rezervace').length).toBeGreaterThan(0);
    expect(own('/cenik').length).toBeGreaterThan(0);
    for (const h of own('/rezervace')) expect(perPage['/cenik']).not.toContain(h);
    for (const h of own('/cenik')) {
      expect(perPage['/rezervace']).not.toContain(h);
      expect(perPage['/blog']).not.toContain(h);
    }
    // And no page gets every stylesheet of the site.
    const all = new Set(Object.values(perPage).flat());
    for (const [p, hrefs] of Object.entries(perPage)) expect(hrefs.length, p).toBeLessThan(all.size);
  });
});
