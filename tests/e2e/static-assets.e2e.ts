import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launchBrowser, newQuietContext, startServer, type RunningServer } from './harness';

/**
 * The build's chunks and stylesheets are compressed once at build time (scripts/precompress-static.mjs) and
 * server.mjs sends those copies (src/platform/static-assets.mjs) instead of Next gzipping every response again:
 * - Next answers the first request of a file; later ones are the same answer — same status and the same headers in
 *   the same order apart from the transfer ones — in the encoding the client prefers (br, then gzip, then none),
 *   and the body decodes to exactly the file in `.next/static`;
 * - validators work (304), Range requests and `identity;q=0`-style edge cases are Next's as before;
 * - a page loads and hydrates with its chunks sent that way (Subresource Integrity checks the decoded bytes);
 * - with RENDER_CACHE_FAST_PATH=off every request is Next's (which never sends br).
 */
const root = path.resolve(import.meta.dirname, '../..');

interface Raw {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

function get(base: string, p: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // `path` as given: a URL object would resolve `%2e%2e` segments before sending.
    const { hostname, port } = new URL(base);
    const req = http.get({ hostname, port, path: p, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
  });
}

const header = (r: Raw, name: string) => r.headers.find(([n]) => n === name)?.[1];
/** Everything but the per-transfer headers, in order. */
const comparable = (r: Raw) =>
  r.headers.filter(([n]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'].includes(n));

function decode(r: Raw): Buffer {
  const enc = header(r, 'content-encoding');
  if (enc === 'br') return zlib.brotliDecompressSync(r.body);
  if (enc === 'gzip') return zlib.gunzipSync(r.body);
  return r.body;
}

/** The chunk and stylesheet URLs a page's HTML references. */
async function assetsOf(base: string, page: string): Promise<string[]> {
  const html = (await get(base, page)).body.toString('utf8');
  const urls = new Set<string>();
  for (const m of html.matchAll(/\s(?:src|href)="(\/_next\/static\/[^"?#\s]+\.(?:js|css))"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/data-href="([^"]+)"/g)) for (const u of m[1].split(' ')) if (u.startsWith('/_next/static/')) urls.add(u);
  // The chunks a cached page's loader inserts after the first frame (docs/decisions/105-scripts-after-the-first-frame.md).
  for (const m of html.matchAll(/\["(\/_next\/static\/chunks\/[^"]+\.js)","sha/g)) urls.add(m[1]);
  return [...urls];
}

const BROWSER = 'gzip, deflate, br, zstd';

describe('static files compressed at build time', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('after Next answered a file once, later answers are the same answer in the preferred encoding', async () => {
    const assets = await assetsOf(server.url, '/');
    expect(assets.length).toBeGreaterThan(3);
    for (const a of assets) {
      const file = fs.readFileSync(path.join(root, '.next', a.replace('/_next/', '')));
      const viaNext = await get(server.url, a, { 'accept-encoding': BROWSER });
      expect(viaNext.status, a).toBe(200);
      // Next gzips on the fly (chunked) from 1 KB up and never sends br.
      expect([undefined, 'gzip'], a).toContain(header(viaNext, 'content-encoding'));
      expect(decode(viaNext).equals(file), `${a}: Next's bytes`).toBe(true);

      const br = await get(server.url, a, { 'accept-encoding': BROWSER });
      expect(br.status, a).toBe(200);
      expect(header(br, 'content-encoding'), a).toBe('br');
      expect(header(br, 'content-length'), a).toBe(String(br.body.length));
      expect(comparable(br), a).toEqual(comparable(viaNext));
      expect(decode(br).equals(file), `${a}: br decodes to the file`).toBe(true);

      const gz = await get(server.url, a, { 'accept-encoding': 'gzip' });
      expect(header(gz, 'content-encoding'), a).toBe('gzip');
      expect(comparable(gz), a).toEqual(comparable(viaNext));
      expect(decode(gz).equals(file), `${a}: gzip decodes to the file`).toBe(true);

      const plain = await get(server.url, a, { 'accept-encoding': 'identity' });
      expect(header(plain, 'content-encoding'), a).toBeUndefined();
      expect(plain.body.equals(file), `${a}: plain bytes`).toBe(true);

      // The client's q-values win over our preference order.
      const gzFirst = await get(server.url, a, { 'accept-encoding': 'br;q=0.5, gzip' });
      expect(header(gzFirst, 'content-encoding'), a).toBe('gzip');

      const etag = header(viaNext, 'etag');
      expect(etag, a).toBeTruthy();
      const notModified = await get(server.url, a, { 'accept-encoding': BROWSER, 'if-none-match': etag ?? '' });
      expect(notModified.status, a).toBe(304);
      expect(notModified.body.length, a).toBe(0);
    }
  });

  it('leaves Range requests and unknown files to Next', async () => {
    const a = (await assetsOf(server.url, '/')).find((u) => u.endsWith('.js')) ?? '';
    await get(server.url, a, { 'accept-encoding': BROWSER });
    const range = await get(server.url, a, { 'accept-encoding': BROWSER, range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(10);
    expect(header(range, 'content-encoding')).toBeUndefined();
    const missing = await get(server.url, '/_next/static/chunks/nenalezeno.js', { 'accept-encoding': BROWSER });
    expect(missing.status).toBe(404);
    // Not a plain file path: Next decides (whatever it answers, it is not one of the precompressed copies).
    const escaped = await get(server.url, a.replace('/chunks/', '/chunks/%2e%2e/chunks/'), { 'accept-encoding': BROWSER });
    expect(header(escaped, 'content-encoding')).not.toBe('br');
    expect(header(escaped, 'content-length')).toBeUndefined();
  });

  it('a page loads its chunks that way and hydrates under the CSP and Subresource Integrity', async () => {
    // Prime: Next answers every chunk of the page once, so the browser's requests are the precompressed ones.
    const primed = await assetsOf(server.url, '/portfolio');
    for (const a of primed) await get(server.url, a, { 'accept-encoding': BROWSER });
    const context = await newQuietContext(browser, server.url);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text());
    });
    const encodings: string[] = [];
    page.on('response', (r) => {
      // Chunks loaded later by the page itself (e.g. the consent UI) are Next's on their first request.
      const p = new URL(r.url()).pathname;
      if (primed.includes(p) && p.endsWith('.js')) encodings.push(r.headers()['content-encoding'] ?? 'none');
    });
    await page.goto(server.url + '/portfolio');
    await hydrated(page, 'main');
    expect(encodings.length).toBeGreaterThan(3);
    expect(encodings.every((e) => e === 'br'), encodings.join(',')).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('with RENDER_CACHE_FAST_PATH=off', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ RENDER_CACHE_FAST_PATH: 'off' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('every static file is Next’s own answer', async () => {
    const a = (await assetsOf(server.url, '/')).find((u) => fs.statSync(path.join(root, '.next', u.replace('/_next/', ''))).size > 4096) ?? '';
    await get(server.url, a, { 'accept-encoding': BROWSER });
    const again = await get(server.url, a, { 'accept-encoding': BROWSER });
    expect(header(again, 'content-encoding')).toBe('gzip');
    expect(header(again, 'content-length')).toBeUndefined();
  });
});
