import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDb } from '@/db/client';
import { rendersFromCache } from '@/platform/csp';
import { hydrated, launchBrowser, newQuietContext, startServer, type RunningServer } from './harness';
import { startFakeContentful, type FakeContentful } from '../fakes/contentful';

/**
 * Public pages come from the render cache under a strict CSP (docs/decisions/011-render-cache-csp.md):
 * - every public page answers with exactly one policy, without 'unsafe-inline' for scripts, and every script in
 *   its HTML is allowed by that policy (its own hash or integrity for cached pages, this response's nonce for
 *   per-request ones) — checked here by an independent parser and hash;
 * - in Chromium nothing is blocked (no securitypolicyviolation) and the page hydrates;
 * - the second request is a cache HIT carrying the same policy;
 * - after a CMS edit and the webhook, the page is replaced and all of the above holds again — on one instance,
 *   and with two instances on PostgreSQL, where the webhook reaches only one of them.
 * - a page answered by server.mjs's fast path (straight from the render cache, before Next —
 *   docs/decisions/050-render-cache-fast-path.md) is the same answer Next gives from the cache: same status, same
 *   headers in the same order, same bytes (plain, gzip, HEAD, 304), and it is replaced just as promptly by a webhook
 *   (one instance, and the other instance through NOTIFY). The servers log every fast-path answer at debug level,
 *   which tells the test which requests it served.
 * The content source is the fake Contentful, so the test can change content.
 */
const SECRET = 'e2e-render-cache-secret';
const root = path.resolve(import.meta.dirname, '../..');
let browser: Browser;
let cf: FakeContentful;

beforeAll(async () => {
  [browser, cf] = await Promise.all([launchBrowser(), startFakeContentful({ assetHost: 'self' })]);
});
afterAll(async () => {
  await browser?.close();
  await cf?.stop();
});

/** Cached public pages (every URL form); the blog post comes from the source and is found on /blog. */
const CACHED = [
  '/',
  '/portfolio',
  '/weddings/klara-ondrej',
  '/weddings/id/w-klara',
  '/weddings/_slug',
  '/blog',
  '/faq',
  '/omne',
  '/cenik',
  '/sluzby',
  '/lokace',
  '/kontakt',
  '/ochrana-udaju',
  '/darkovy-poukaz',
  '/jak-probiha-foceni',
  '/rezervace',
];
/** Rendered per request with a nonce: the short booking form, the booking page's date check, query-filtered views. */
const PER_REQUEST = ['/rezervace?termin=2030-06-15', '/simple-booking', '/portfolio?rok=2024', '/weddings/klara-ondrej?foto=2', '/weddings/klara-ondrej?kategorie=obrad'];
/** Not-found answers of cached routes (not kept in the cache, but answered with their own hash policy). */
const CACHED_404 = ['/neexistujici-stranka', '/weddings/neexistuje', '/blog/neexistuje'];

const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(` ${attrs}`);
  return m ? m[1] : undefined;
}

interface PolicyCheck {
  kind: 'hash' | 'nonce';
  policy: string;
  scripts: number;
}

/** Asserts that the response's one policy allows every script of its HTML and nothing inline by default. */
function expectPolicyCoversHtml(res: Response, html: string, what: string): PolicyCheck {
  const policy = res.headers.get('content-security-policy') ?? '';
  expect(policy.match(/default-src/g), `${what}: exactly one policy`).toHaveLength(1);
  const scriptSrc = policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  expect(scriptSrc, what).toBeTruthy();
  const sources = (scriptSrc ?? '').split(/\s+/).slice(1);
  expect(sources, what).toContain("'strict-dynamic'");
  expect(sources, what).not.toContain("'unsafe-inline'");
  expect(sources, what).not.toContain("'unsafe-eval'");
  const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
  let scripts = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const [, attrs, body] = m;
    if (!EXECUTABLE.has((attr(attrs, 'type') ?? '').toLowerCase())) continue;
    scripts++;
    const byNonce = nonce !== undefined && attr(attrs, 'nonce') === nonce;
    const src = attr(attrs, 'src');
    if (src !== undefined) {
      const integrity = attr(attrs, 'integrity');
      expect(byNonce || (integrity !== undefined && sources.includes(`'${integrity}'`)), `${what}: ${src} allowed`).toBe(true);
    } else {
      const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
      expect(byNonce || sources.includes(hash), `${what}: inline script ${body.slice(0, 60)} allowed`).toBe(true);
    }
  }
  expect(scripts, `${what}: the page has scripts`).toBeGreaterThan(2);
  return { kind: nonce ? 'nonce' : 'hash', policy, scripts };
}

async function fetchPage(base: string, p: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + p, { redirect: 'manual', headers });
  return { res, html: await res.text(), cache: res.headers.get('x-nextjs-cache') };
}

/** The fast path's debug line for this request id (LOG_LEVEL=debug). */
function answeredBeforeNext(s: RunningServer, requestId: string): boolean {
  const id = `"requestId":${JSON.stringify(requestId)}`;
  return s.output().split('\n').some((l) => l.includes('"msg":"render cache: answered before Next"') && l.includes(id));
}
async function expectAnsweredBeforeNext(s: RunningServer, requestId: string) {
  await expect.poll(() => answeredBeforeNext(s, requestId), { timeout: 5_000, interval: 20 }).toBe(true);
}

let requestSeq = 0;
/** A fast-path answer: fetched with a fresh request id, then its debug line is awaited. */
async function fetchFast(s: RunningServer, p: string) {
  const id = `fast-${++requestSeq}`;
  const r = await fetchPage(s.url, p, { 'x-request-id': id });
  await expectAnsweredBeforeNext(s, id);
  expect(r.res.headers.get('x-request-id')).toBe(id);
  return r;
}

interface RawAnswer {
  status: number;
  /** Header lines as sent, in order: [name, value, name, value, …]. */
  raw: string[];
  body: Buffer;
}
/** node:http, not fetch: fetch turns a conditional request into `cache-control: no-cache` and decodes bodies. */
function rawRequest(base: string, p: string, method: 'GET' | 'HEAD', headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + p, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
/** Header lines without the per-response ones (Date; the request id is checked separately). */
/**
 * The headers of an answer, in order, names in lower case (HTTP header names are case-insensitive, and Next writes
 * them in either case depending on its code path). Without the date, the request id's value, and Next's
 * `x-middleware-rewrite`, which it adds only to an answer the proxy rewrote (a query stripped for the cache fill).
 */
function comparable(a: RawAnswer): string[] {
  const out: string[] = [];
  for (let i = 0; i < a.raw.length; i += 2) {
    const name = a.raw[i].toLowerCase();
    if (name === 'date' || name === 'x-middleware-rewrite') continue;
    out.push(`${name}: ${name === 'x-request-id' ? '(id)' : a.raw[i + 1]}`);
  }
  return out;
}
function headerOf(a: RawAnswer, name: string): string | undefined {
  for (let i = 0; i < a.raw.length; i += 2) if (a.raw[i].toLowerCase() === name) return a.raw[i + 1];
  return undefined;
}

/** In Chromium: nothing blocked by the policy, and React hydrated the page. Returns the not-found message, if any. */
async function expectHydratesWithoutViolations(base: string, p: string) {
  const ctx = await newQuietContext(browser, base, 'phone');
  await ctx.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await ctx.newPage();
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) console.push(m.text());
  });
  await page.goto(base + p);
  await hydrated(page, '#main');
  const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect([...violations, ...console], p).toEqual([]);
  const error = page.locator('[data-testid="error-message"]');
  let message: string | null = null;
  if (await error.count()) {
    // The message takes the full path (with the query) from the address bar once hydrated.
    const full = await page.evaluate(() => window.location.pathname + window.location.search);
    await expect.poll(async () => (await error.textContent()) ?? '').toContain(full);
    message = await error.textContent();
  }
  await ctx.close();
  return message;
}

async function webhook(base: string) {
  const res = await fetch(`${base}/api/revalidate`, {
    method: 'POST',
    headers: { 'x-revalidate-secret': SECRET, 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' },
    body: JSON.stringify({ sys: { type: 'Entry', id: 'w-klara', contentType: { sys: { id: 'wedding' } } }, fields: { slug: { 'cs-CZ': 'klara-ondrej' } } }),
  });
  expect(res.status).toBe(200);
}

describe('one instance', () => {
  let server: RunningServer;
  let blogPost = '';
  beforeAll(async () => {
    // A long content lifetime: only the webhook can make an edit visible.
    server = await startServer({ ...cf.env(), REVALIDATE_SECRET: SECRET, CONTENT_REVALIDATE_SECONDS: '3600', LOG_LEVEL: 'debug' });
    const blog = await (await fetch(server.url + '/blog')).text();
    blogPost = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1] ?? '';
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('every cached public page: one hash policy that allows each of its scripts, then a HIT with the same policy', async () => {
    expect(blogPost).toMatch(/^\/blog\//);
    for (const p of [...CACHED, blogPost]) {
      const first = await fetchPage(server.url, p);
      expect(first.res.status, p).toBe(200);
      const check = expectPolicyCoversHtml(first.res, first.html, p);
      expect(check.kind, p).toBe('hash');
      const again = await fetchPage(server.url, p);
      expect(again.cache, p).toBe('HIT');
      expect(again.html, p).toBe(first.html);
      expect(again.res.headers.get('content-security-policy'), p).toBe(check.policy);
    }
  });

  it('per-request pages keep a fresh nonce per response; cached routes answer their 404s with a hash policy', async () => {
    for (const p of PER_REQUEST) {
      const a = await fetchPage(server.url, p);
      expect(a.res.status, p).toBe(200);
      expect(expectPolicyCoversHtml(a.res, a.html, p).kind, p).toBe('nonce');
      const b = await fetchPage(server.url, p);
      expect(b.res.headers.get('content-security-policy'), p).not.toBe(a.res.headers.get('content-security-policy'));
    }
    for (const p of CACHED_404) {
      const r = await fetchPage(server.url, p);
      expect(r.res.status, p).toBe(404);
      expect(expectPolicyCoversHtml(r.res, r.html, p).kind, p).toBe('hash');
    }
    // An unknown deeper path is the app-wide 404 page (rendered on its own, not kept): hash policy, path in the HTML.
    const deep = await fetchPage(server.url, '/neco/co/neexistuje');
    expect(deep.res.status).toBe(404);
    expect(expectPolicyCoversHtml(deep.res, deep.html, 'deep 404').kind).toBe('hash');
    expect(deep.html).toContain('Page not found: /neco/co/neexistuje');
    const other = await fetchPage(server.url, '/jine/co/neexistuje');
    expect(other.cache).not.toBe('HIT');
    expect(other.html).toContain('Page not found: /jine/co/neexistuje');
    // Under a per-request area, the 404 keeps the nonce (and only that policy).
    const admin404 = await fetchPage(server.url, '/admin/neexistuje/vubec');
    expect(admin404.res.status).toBe(404);
    expect(expectPolicyCoversHtml(admin404.res, admin404.html, 'admin 404').kind).toBe('nonce');
  });

  it("a page answered before Next is exactly Next's answer from the cache: headers, bytes, gzip, HEAD and 304", async () => {
    for (const p of [...CACHED, blogPost]) {
      // Rendered (MISS), then a HIT through Next, which the fast path records; from then on it answers.
      await fetchPage(server.url, p);
      expect((await fetchPage(server.url, p)).cache, p).toBe('HIT');
      const etag = (await fetchFast(server, p)).res.headers.get('etag');
      expect(etag, p).toMatch(/^"[0-9a-z]+"$/);
      const variants: { name: string; method: 'GET' | 'HEAD'; headers: Record<string, string>; status: number }[] = [
        { name: 'plain', method: 'GET', headers: {}, status: 200 },
        { name: 'gzip', method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br' }, status: 200 },
        { name: 'HEAD', method: 'HEAD', headers: {}, status: 200 },
        { name: 'If-None-Match', method: 'GET', headers: { 'if-none-match': etag! }, status: 304 },
      ];
      for (const v of variants) {
        const what = `${p} (${v.name})`;
        // The same page through Next: a query the page does not read is served from the same cache entry.
        const viaNext = await rawRequest(server.url, `${p}?e2e=1`, v.method, { ...v.headers, 'x-request-id': `next-${++requestSeq}` });
        const fastId = `fast-${++requestSeq}`;
        const fast = await rawRequest(server.url, p, v.method, { ...v.headers, 'x-request-id': fastId });
        await expectAnsweredBeforeNext(server, fastId);
        expect(fast.status, what).toBe(v.status);
        expect(viaNext.status, what).toBe(v.status);
        expect(headerOf(fast, 'x-request-id'), what).toBe(fastId);
        expect(comparable(fast), what).toEqual(comparable(viaNext));
        expect(fast.body.equals(viaNext.body), `${what}: same bytes`).toBe(true);
        if (v.name === 'gzip') expect(headerOf(fast, 'content-encoding'), what).toBe('gzip');
        if (v.name === 'plain') expectPolicyCoversHtml(new Response(null, { headers: { 'content-security-policy': headerOf(fast, 'content-security-policy') ?? '' } }), fast.body.toString('utf8'), what);
      }
    }
    // Without a request id the fast path makes one, as the proxy does.
    const noId = await rawRequest(server.url, '/portfolio', 'GET', {});
    expect(headerOf(noId, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A link shared on social media (campaign tags only) is answered before Next too, with the same page.
    const plain = await fetchPage(server.url, '/weddings/klara-ondrej');
    const shared = await fetchFast(server, '/weddings/klara-ondrej?fbclid=IwAR2e2e_x-1&utm_source=facebook');
    expect(shared.html).toBe(plain.html);
    expect(shared.res.headers.get('content-security-policy')).toBe(plain.res.headers.get('content-security-policy'));
  }, 120_000);

  it("leaves Next's own requests to Next: RSC payloads, prefetches, queries the page reads, odd paths", async () => {
    await fetchFast(server, '/portfolio');
    const cases: { p: string; headers?: Record<string, string>; check: (r: Awaited<ReturnType<typeof fetchPage>>) => void }[] = [
      // Next answers these itself (an RSC payload, or its redirect to the `?_rsc` form), never with the HTML.
      { p: '/portfolio', headers: { rsc: '1' }, check: (r) => expect(r.res.headers.get('content-type') ?? '').not.toMatch(/text\/html/) },
      { p: '/portfolio', headers: { rsc: '1', 'next-router-prefetch': '1' }, check: (r) => expect(r.res.headers.get('content-type') ?? '').not.toMatch(/text\/html/) },
      { p: '/portfolio?rok=2024', check: (r) => expect(expectPolicyCoversHtml(r.res, r.html, 'filtered').kind).toBe('nonce') },
      { p: '/portfolio?utm_source=x&rok=2024', check: (r) => expect(expectPolicyCoversHtml(r.res, r.html, 'filtered + tag').kind).toBe('nonce') },
      { p: '/portfolio/', check: (r) => expect(r.res.status).toBe(308) },
      { p: '/Portfolio', check: (r) => expect(r.res.status).toBe(404) },
    ];
    for (const c of cases) {
      const id = `next-${++requestSeq}`;
      const r = await fetchPage(server.url, c.p, { ...c.headers, 'x-request-id': id });
      c.check(r);
      // A later fast-path answer's line is logged after this request's would have been.
      await fetchFast(server, '/portfolio');
      expect(answeredBeforeNext(server, id), `${c.p} ${JSON.stringify(c.headers ?? {})}`).toBe(false);
    }
  });

  it('hydrates every public page in Chromium with no CSP violation', async () => {
    for (const p of [...CACHED, blogPost, ...PER_REQUEST]) await expectHydratesWithoutViolations(server.url, p);
  }, 240_000);

  it("cached routes' 404s print the real path (from the router) and are not kept in the cache", async () => {
    const expected: Record<string, string> = {
      '/neexistujici-stranka': 'Page not found: /neexistujici-stranka',
      '/weddings/neexistuje': 'Page Not Found: /weddings/neexistuje',
      '/blog/neexistuje': 'Page not found: /blog/neexistuje',
    };
    for (const p of CACHED_404) {
      const message = await expectHydratesWithoutViolations(server.url, `${p}?z=1`);
      expect(message, p).toBe(`${expected[p]}?z=1`);
      expect((await fetchPage(server.url, p)).cache, p).not.toBe('HIT');
    }
  }, 120_000);

  it('after an edit and the webhook the page is replaced, and its new policy matches its new HTML', async () => {
    const entry = cf.data.entries.find((e) => e.sys.id === 'w-klara')!;
    // A fresh cache HIT first (on a slow machine the page's 60 s lifetime may have passed since an earlier test
    // cached it: then Next answers STALE once and re-renders in the background). Next's HIT is what the fast path
    // records, so the request after it is answered before Next.
    await expect
      .poll(async () => (await fetchPage(server.url, '/weddings/klara-ondrej')).cache, { timeout: 30_000, interval: 50 })
      .toBe('HIT');
    entry.fields.couple = 'Fake Contentful: Klára & Ondřej (upraveno)';
    try {
      // Cached: the edit is not visible until the webhook says so (answered before Next by now).
      const stale = await fetchFast(server, '/weddings/klara-ondrej');
      expect(stale.html).not.toContain('(upraveno)');
      await webhook(server.url);
      const replaced = ['/weddings/klara-ondrej', '/portfolio', '/weddings/id/w-klara', '/'];
      for (const p of replaced) {
        // Rendered anew (every page was expired), with the edit, under a policy for the new HTML.
        const fresh = await fetchPage(server.url, p);
        expect(fresh.cache, p).toBe('MISS');
        expect(fresh.html, p).toContain('(upraveno)');
        expectPolicyCoversHtml(fresh.res, fresh.html, `${p} after revalidation`);
        const hit = await fetchPage(server.url, p);
        expect(hit.cache, p).toBe('HIT');
        expect(hit.res.headers.get('content-security-policy'), p).toBe(fresh.res.headers.get('content-security-policy'));
        // And the fast path now answers with the new page and the new page's policy.
        const fast = await fetchFast(server, p);
        expect(fast.html, p).toBe(fresh.html);
        expect(fast.res.headers.get('content-security-policy'), p).toBe(fresh.res.headers.get('content-security-policy'));
      }
      for (const p of replaced) await expectHydratesWithoutViolations(server.url, p);
    } finally {
      entry.fields.couple = 'Fake Contentful: Klára & Ondřej';
      await webhook(server.url);
    }
  }, 120_000);

  it("the proxy's list of cached paths matches the build: public pages cached exactly when static/ISR, the rest per request", () => {
    const prerender = JSON.parse(fs.readFileSync(path.join(root, '.next/prerender-manifest.json'), 'utf8')) as {
      routes: Record<string, unknown>;
      dynamicRoutes: Record<string, unknown>;
    };
    const pages = JSON.parse(fs.readFileSync(path.join(root, '.next/app-path-routes-manifest.json'), 'utf8')) as Record<string, string>;
    const isrRoutes = new Set([...Object.keys(prerender.routes), ...Object.keys(prerender.dynamicRoutes)]);
    // A sample URL for each page route: [param] → a plausible value.
    const sample = (route: string) => route.replace(/\[\.\.\.[^\]]+\]/g, 'a/b').replace(/\[[^\]]+\]/g, 'x1');
    const mismatches: string[] = [];
    let sitePages = 0;
    for (const [entry, route] of Object.entries(pages)) {
      // Next's own error pages (/_not-found, /_global-error) are not addresses a visitor asks for.
      if (!entry.endsWith('/page') || entry.startsWith('/_') || route.startsWith('/api/')) continue;
      const proxySaysCached = rendersFromCache(sample(route));
      if (entry.startsWith('/(site)/')) {
        // Public pages: cached exactly when the build made them static/ISR (the filtered twins and booking forms are not).
        sitePages++;
        if (isrRoutes.has(route) !== proxySaysCached) mismatches.push(`${route} (build: ${isrRoutes.has(route) ? 'cached' : 'dynamic'})`);
      } else if (proxySaysCached) {
        // Account, admin and diagnostics pages always get the nonce (a static one among them is then rendered with
        // it and never kept by the render cache).
        mismatches.push(`${route} (outside the public pages, but the proxy treats it as cached)`);
      }
    }
    expect(sitePages).toBeGreaterThan(15);
    expect(mismatches).toEqual([]);
  });
});

function postgresUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!fs.existsSync('/usr/lib/postgresql')) return undefined;
  const script = path.resolve(import.meta.dirname, '../../scripts/ci-postgres.sh');
  return execFileSync('sh', [script], { encoding: 'utf8' }).trim().split('\n').pop();
}
const pgBase = postgresUrl();

describe.runIf(pgBase)('two instances on one PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let dbName = '';
  beforeAll(async () => {
    dbName = `e2e_render_cache_${Date.now().toString(36)}`;
    const admin = await openDb({ url: pgBase!, migrate: false, max: 1 });
    await admin.exec(`CREATE DATABASE ${dbName}`);
    await admin.close();
    const url = new URL(pgBase!);
    url.pathname = `/${dbName}`;
    const env = { ...cf.env(), DATABASE_URL: url.toString(), REVALIDATE_SECRET: SECRET, CONTENT_REVALIDATE_SECONDS: '3600', LOG_LEVEL: 'debug' };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (pgBase && dbName) {
      const admin = await openDb({ url: pgBase, migrate: false, max: 1 });
      await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.close();
    }
  });

  it('a webhook to one instance makes the other serve the new page, under its own policy, within seconds', async () => {
    const p = '/weddings/klara-ondrej';
    for (const s of [a, b]) {
      await fetchPage(s.url, p);
      expect((await fetchPage(s.url, p)).cache).toBe('HIT');
      await fetchFast(s, p);
    }
    const entry = cf.data.entries.find((e) => e.sys.id === 'w-klara')!;
    entry.fields.couple = 'Fake Contentful: Klára & Ondřej (na obou)';
    try {
      // B answers from its render cache before Next, still the old page.
      expect((await fetchFast(b, p)).html).not.toContain('(na obou)');
      const sent = Date.now();
      await webhook(a.url);
      // B learns it through PostgreSQL LISTEN/NOTIFY; poll until it serves the edit (bounded, no fixed sleep).
      await expect.poll(async () => (await fetchPage(b.url, p)).html.includes('(na obou)'), { timeout: 5_000, interval: 50 }).toBe(true);
      console.info(`render cache: instance B served the edit ${Date.now() - sent} ms after the webhook reached A`);
      for (const s of [a, b]) {
        const fresh = await fetchPage(s.url, p);
        expect(fresh.html).toContain('(na obou)');
        expectPolicyCoversHtml(fresh.res, fresh.html, `${s.url}${p} after revalidation`);
        // Once Next has served the new entry as a HIT, the fast path answers with it.
        await expect.poll(async () => (await fetchPage(s.url, p)).cache, { timeout: 5_000, interval: 20 }).toBe('HIT');
        const fast = await fetchFast(s, p);
        expect(fast.html).toContain('(na obou)');
        expect(fast.res.headers.get('content-security-policy')).toBe(fresh.res.headers.get('content-security-policy'));
        await expectHydratesWithoutViolations(s.url, p);
      }
    } finally {
      entry.fields.couple = 'Fake Contentful: Klára & Ondřej';
      await webhook(a.url);
    }
  }, 120_000);
});
