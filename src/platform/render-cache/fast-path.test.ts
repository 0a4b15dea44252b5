import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateETag } from 'next/dist/server/lib/etag';
import RenderCacheHandler, { freshPageEntry, invalidateRenderCacheTags, pagePathOf, renderCacheStats, ROOT_LAYOUT_TAG, type CacheValue } from './handler.mjs';
import { createFastPath, eligiblePath } from './fast-path.mjs';

/**
 * The fast path's own rules. That its answers equal Next's for every public page (headers, body, 304, HEAD,
 * compression) and stay fresh after a webhook is proven against the real server in
 * tests/e2e/render-cache-csp.e2e.ts; here a stand-in plays Next's part of a cache HIT.
 */
const KEY = (p: string) => `/route-cache/APP_PAGE/${'ab'.repeat(32)}/$${pagePathOf(p)}`;
const handler = new RenderCacheHandler();

function page(html: string, status = 200): CacheValue {
  return { kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), status, headers: { 'x-next-cache-tags': '_N_T_/layout' } };
}

beforeEach(async () => {
  invalidateRenderCacheTags([ROOT_LAYOUT_TAG]);
  await new Promise((r) => setTimeout(r, 2));
});

describe('freshPageEntry', () => {
  it("finds a page by its request path, in Next's key form (/ is /index)", async () => {
    await handler.set(KEY('/'), page('<p>home</p>'), { cacheControl: { revalidate: 60 } });
    await handler.set(KEY('/portfolio'), page('<p>p</p>'), { cacheControl: { revalidate: 60 } });
    expect(freshPageEntry('/')?.value.html).toBe('<p>home</p>');
    expect(freshPageEntry('/portfolio')?.value.html).toBe('<p>p</p>');
    expect(freshPageEntry('/index')).toBeNull();
    expect(freshPageEntry('/Portfolio')).toBeNull();
  });

  it('follows the entry Next stored last for a path, and forgets a path whose entry was evicted', async () => {
    const other = `/route-cache/APP_PAGE/${'cd'.repeat(32)}/$/sluzby`;
    await handler.set(KEY('/sluzby'), page('<p>old route</p>'), { cacheControl: { revalidate: 60 } });
    await handler.set(other, page('<p>new route</p>'), { cacheControl: { revalidate: 60 } });
    expect(freshPageEntry('/sluzby')?.value.html).toBe('<p>new route</p>');
    const previous = process.env.RENDER_CACHE_MAX_MB;
    process.env.RENDER_CACHE_MAX_MB = String(3000 / 1024 / 1024);
    try {
      // The older entry under the other key is evicted first: the path still finds the newer one.
      await handler.set(KEY('/x'), page('x'.repeat(1000)), { cacheControl: { revalidate: 60 } });
      expect(freshPageEntry('/sluzby')?.value.html).toBe('<p>new route</p>');
      await handler.set(KEY('/y'), page('y'.repeat(1000)), { cacheControl: { revalidate: 60 } });
      await handler.set(KEY('/z'), page('z'.repeat(1000)), { cacheControl: { revalidate: 60 } });
      expect(freshPageEntry('/sluzby')).toBeNull();
      expect(freshPageEntry('/z')?.value.html).toBe('z'.repeat(1000));
    } finally {
      if (previous === undefined) delete process.env.RENDER_CACHE_MAX_MB;
      else process.env.RENDER_CACHE_MAX_MB = previous;
    }
  });

  it('leaves stale, expired, unknown-lifetime and non-200 entries to Next', async () => {
    await handler.set(KEY('/a'), page('<p>a</p>'), { cacheControl: { revalidate: 60 } });
    const a = freshPageEntry('/a');
    expect(a).not.toBeNull();
    expect(freshPageEntry('/a', a!.lastModified + 59_999)).not.toBeNull();
    expect(freshPageEntry('/a', a!.lastModified + 60_000)).toBeNull();
    await handler.set(KEY('/b'), page('<p>b</p>'), {});
    expect(freshPageEntry('/b')).toBeNull();
    await handler.set(KEY('/c'), page('<p>c</p>'), { cacheControl: { revalidate: false } });
    expect(freshPageEntry('/c', Date.now() + 10 ** 9)).not.toBeNull();
    await handler.set(KEY('/d'), { ...page('<p>d</p>'), status: 500 }, { cacheControl: { revalidate: 60 } });
    expect(freshPageEntry('/d')).toBeNull();
    await new Promise((r) => setTimeout(r, 2));
    invalidateRenderCacheTags([ROOT_LAYOUT_TAG]);
    expect(freshPageEntry('/a')).toBeNull();
    expect(freshPageEntry('/c')).toBeNull();
  });
});

describe('eligiblePath', () => {
  const req = (method: string, url: string, headers: http.IncomingHttpHeaders = {}) => ({ method, url, headers }) as http.IncomingMessage;
  it('takes plain GET/HEAD paths only', () => {
    expect(eligiblePath(req('GET', '/'))).toBe('/');
    expect(eligiblePath(req('HEAD', '/weddings/klara-ondrej'))).toBe('/weddings/klara-ondrej');
    for (const url of ['/portfolio?rok=2024', '/portfolio/', '//portfolio', '/a/../b', '/%70ortfolio', '/robots.txt', 'http://x/portfolio', ''])
      expect(eligiblePath(req('GET', url)), url).toBeNull();
    // Campaign tags from shared links are the only query it takes; anything mixed in, odd or long goes to Next.
    expect(eligiblePath(req('GET', '/weddings/x?fbclid=IwAR0abc-_1'))).toBe('/weddings/x');
    expect(eligiblePath(req('GET', '/?utm_source=facebook&utm_medium=social&utm_campaign=svatby'))).toBe('/');
    for (const url of ['/?utm_source=x&rok=2024', '/?_rsc=1', '/?fbclid=a%20b', '/?utm_source[]=x', '/?fbclid=' + 'a'.repeat(201), '/?utm_source=x&' + 'utm_medium=y&'.repeat(8) + 'gclid=z', '/?', '/?utm_source=x#a'])
      expect(eligiblePath(req('GET', url)), url).toBeNull();
    expect(eligiblePath(req('POST', '/kontakt'))).toBeNull();
  });
  it("leaves Next's own requests (RSC, prefetch, actions, revalidation) and draft mode to Next", () => {
    for (const h of ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-action', 'next-url', 'x-prerender-revalidate', 'x-middleware-prefetch'])
      expect(eligiblePath(req('GET', '/', { [h]: '1' })), h).toBeNull();
    expect(eligiblePath(req('GET', '/', { cookie: 'a=1; __prerender_bypass=x' }))).toBeNull();
    expect(eligiblePath(req('GET', '/', { cookie: 'cc_cookie=1' }))).toBe('/');
  });
});

describe('switched off (RENDER_CACHE_FAST_PATH=off)', () => {
  it('answers nothing and records nothing', async () => {
    await handler.set(KEY('/faq'), page('<p>f</p>'), { cacheControl: { revalidate: 60 } });
    const off = createFastPath({ enabled: false });
    const req = { method: 'GET', url: '/faq', headers: {} } as http.IncomingMessage;
    const res = new http.ServerResponse(req);
    off.observe(req, res);
    expect(off.serve(req, res)).toBe(false);
    expect(res.headersSent).toBe(false);
  });
});

describe('serve and observe', () => {
  let server: http.Server;
  let base = '';
  let nextCalls = 0;
  /** What the stand-in "Next" answers with as a HIT; `etagOf` lets a test make it disagree with the entry. */
  let etagOf = (html: string) => generateETag(html);
  beforeAll(async () => {
    const fast = createFastPath();
    server = http.createServer((req, res) => {
      if (fast.serve(req, res)) return;
      fast.observe(req, res);
      nextCalls++;
      const e = freshPageEntry((req.url ?? '/').split('?')[0]);
      if (!e) {
        res.statusCode = 404;
        res.end();
        return;
      }
      const html = String(e.value.html);
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('x-request-id', String(req.headers['x-request-id'] ?? 'generated'));
      res.setHeader('x-nextjs-cache', 'HIT');
      res.setHeader('content-security-policy', String(e.value.headers?.['content-security-policy']));
      res.setHeader('Cache-Control', 's-maxage=60');
      res.setHeader('ETag', etagOf(html));
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(html);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("replays the headers Next gave the same entry, from the second Next hit on; a new entry starts over", async () => {
    await handler.set(KEY('/omne'), page('<script>a()</script><p>v1</p>'), { cacheControl: { revalidate: 60 } });
    nextCalls = 0;
    const viaNext = await fetch(`${base}/omne`, { headers: { 'x-request-id': 'one' } });
    const fastBefore = renderCacheStats().fastHits;
    const fast = await fetch(`${base}/omne`, { headers: { 'x-request-id': 'two', 'accept-encoding': 'identity' } });
    expect(nextCalls).toBe(1);
    expect(renderCacheStats().fastHits).toBe(fastBefore + 1);
    expect(await fast.text()).toBe(await viaNext.text());
    expect(fast.headers.get('x-request-id')).toBe('two');
    for (const h of ['x-frame-options', 'content-security-policy', 'cache-control', 'etag', 'content-type', 'x-nextjs-cache'])
      expect(fast.headers.get(h), h).toBe(viaNext.headers.get(h));
    const noId = await fetch(`${base}/omne`);
    expect(noId.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // (node:http: fetch adds `cache-control: no-cache` to a conditional request, and then neither answers 304)
    const notModified = await new Promise<number | undefined>((resolve, reject) => {
      http.get(`${base}/omne`, { headers: { 'if-none-match': viaNext.headers.get('etag')! } }, (r) => {
        r.resume();
        resolve(r.statusCode);
      }).on('error', reject);
    });
    expect(notModified).toBe(304);
    expect(nextCalls).toBe(1);

    await new Promise((r) => setTimeout(r, 2));
    await handler.set(KEY('/omne'), page('<script>b()</script><p>v2</p>'), { cacheControl: { revalidate: 60 } });
    expect(await (await fetch(`${base}/omne`)).text()).toContain('v2');
    expect(nextCalls).toBe(2);
  });

  it('records nothing when the answer does not provably belong to the entry (its ETag differs)', async () => {
    await handler.set(KEY('/cenik'), page('<p>c</p>'), { cacheControl: { revalidate: 60 } });
    etagOf = () => '"other"';
    try {
      nextCalls = 0;
      await fetch(`${base}/cenik`);
      await fetch(`${base}/cenik`);
      expect(nextCalls).toBe(2);
    } finally {
      etagOf = (html: string) => generateETag(html);
    }
  });
});
