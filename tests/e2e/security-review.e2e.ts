/**
 * The second security review's findings against the production build (`node server.mjs`, real sockets):
 * - the CMS media proxy stays under Strapi's /uploads/ whatever encoding of `..` arrives, and counts a chunked
 *   answer while streaming it, cutting it off at 25 MB (a fake Strapi upstream that serves /uploads/ and has other
 *   things next to it);
 * - made-up `/_next/static/…` names are not remembered, build files still are, and an unsatisfiable Range on a
 *   chunk answers 416;
 * - the query of the request that filled the render cache never reaches later visitors;
 * - every answer of every public page carries a strict script-src (cache miss, hit, fast path, HEAD, queries,
 *   RSC requests, not-found);
 * - registration never takes someone else's address as a username, and the victim can still register (real SMTP).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { listen, type FakeServer } from '../fakes/http-util';
import { hydrated, launchBrowser, newQuietContext, startServer, startSmtp, type RunningServer } from './harness';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const HUGE_BYTES = 256 * 1024 * 1024;

interface Upstream extends FakeServer {
  /** Request paths as the upstream received them. */
  paths: string[];
  /** Bytes of the huge chunked answer written before its connection closed, once it did. */
  hugeSent: Promise<number>;
}

/** Strapi's media as served by Strapi: /uploads/ files, and other things on the same server that must stay private. */
async function startUpstream(): Promise<Upstream> {
  const paths: string[] = [];
  let resolveHuge: (n: number) => void = () => {};
  const hugeSent = new Promise<number>((r) => (resolveHuge = r));
  const server = await listen(async (req, res) => {
    const path = req.url ?? '';
    paths.push(path);
    if (path === '/uploads/svatba.png' || path === '/secret-area/private.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
      res.end(PNG);
      return;
    }
    if (path.startsWith('/api/users')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
      return;
    }
    if (path === '/uploads/obrovsky.jpg') {
      // Chunked, no Content-Length: only counting while streaming can see how big it is.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      let sent = 0;
      let done = false;
      const finish = () => {
        if (!done) {
          done = true;
          resolveHuge(sent);
        }
      };
      res.on('close', finish);
      while (sent < HUGE_BYTES && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) await new Promise<void>((r) => res.once('drain', r).once('close', r));
      }
      res.end();
      finish();
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not found"}');
  });
  return { ...server, paths, hugeSent };
}

/** GET with the path sent exactly as written (fetch would normalise `%2e%2e` and friends before sending). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let upstream: Upstream;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [upstream, smtp, browser] = await Promise.all([startUpstream(), startSmtp(), launchBrowser()]);
  server = await startServer({ STRAPI_URL: upstream.url, SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await upstream?.stop();
  await smtp?.stop();
});

describe('CMS media proxy', () => {
  it('never leaves /uploads/: every encoding family of a dot segment is refused, and the upstream never sees it', async () => {
    expect((await rawGet(server.url, '/api/media/strapi/uploads/svatba.png')).status).toBe(200);
    const attempts = [
      '/api/media/strapi/uploads/%252e./secret-area/private.png',
      '/api/media/strapi/uploads/.%252e/secret-area/private.png',
      '/api/media/strapi/uploads/%252E./secret-area/private.png',
      '/api/media/strapi/uploads/%252e%252e/secret-area/private.png',
      '/api/media/strapi/uploads/%252E%252E/secret-area/private.png',
      '/api/media/strapi/uploads/%2e%2e/secret-area/private.png',
      '/api/media/strapi/uploads/..%252f..%252fsecret-area/private.png',
      '/api/media/strapi/uploads/..%255c..%255csecret-area/private.png',
      '/api/media/strapi/uploads/x/%252e./%252e./api/users',
      '/api/media/strapi/uploads/%25252e%25252e/secret-area/private.png',
    ];
    for (const path of attempts) {
      const res = await rawGet(server.url, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers['content-type'], path).not.toMatch(/^image\//);
    }
    expect(upstream.paths.filter((p) => !p.startsWith('/uploads/'))).toEqual([]);
    expect(upstream.paths.some((p) => /secret-area|api\/users/.test(p))).toBe(false);
  });

  it('counts a chunked answer while streaming it and cuts it off at 25 MB, aborting the upstream', async () => {
    const received = await new Promise<{ bytes: number; complete: boolean }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = http.get({ host: url.hostname, port: url.port, path: '/api/media/strapi/uploads/obrovsky.jpg', agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ bytes, complete: res.complete }));
        res.on('error', () => resolve({ bytes, complete: false }));
        res.on('aborted', () => resolve({ bytes, complete: false }));
      });
      req.on('error', reject);
    });
    expect(received.complete).toBe(false);
    expect(received.bytes).toBeLessThanOrEqual(25 * 1024 * 1024);
    // The upstream was cut off too, long before it sent everything (it counts what it wrote until the close).
    expect(await upstream.hugeSent).toBeLessThan(HUGE_BYTES / 2);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

/** The build's first chunk the home page loads, as the browser would ask for it. */
async function someChunk(): Promise<string> {
  const html = await (await fetch(`${server.url}/`)).text();
  const src = /<script[^>]+src="(\/_next\/static\/[^"?]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no chunk in the home page');
  return src;
}

describe('static files', () => {
  it('made-up chunk names answer 404 (and are not remembered); real chunks are still served, also from the fast path', async () => {
    const chunk = await someChunk();
    for (let n = 0; n < 200; n++) {
      const res = await fetch(`${server.url}/_next/static/chunks/${'x'.repeat(2000)}-${n}.js`);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    for (let n = 0; n < 3; n++) {
      const res = await fetch(`${server.url}${chunk}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('answers an unsatisfiable Range with 416 and the file size, a satisfiable one with 206, a malformed one with the whole file', async () => {
    const chunk = await someChunk();
    const size = (await (await fetch(`${server.url}${chunk}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
    for (const range of [`bytes=${size}-`, 'bytes=999999999-', `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await rawGet(server.url, chunk, { range });
      expect(res.status, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
    }
    const partial = await rawGet(server.url, chunk, { range: 'bytes=0-9', 'accept-encoding': 'identity' });
    expect(partial.status).toBe(206);
    expect(partial.body.length).toBe(10);
    for (const range of ['bytes=abc', 'bytes=5-1', 'items=0-1']) {
      const whole = await rawGet(server.url, chunk, { range, 'accept-encoding': 'identity' });
      expect(whole.status, range).toBe(200);
      expect(whole.body.length, range).toBe(size);
    }
  });
});

describe('render cache', () => {
  it('a cache fill does not publish the query of the request that filled it', async () => {
    const secret = 'q=tajne-slovo-42&utm_source=newsletter&email=nevesta%40example.cz&gclid=klik-id-77';
    const filler = await fetch(`${server.url}/cenik?${secret}`);
    expect(filler.status).toBe(200);
    const own = await filler.text();
    expect(own).not.toContain('tajne-slovo-42');
    for (let n = 0; n < 3; n++) {
      // Through Next, then (once Next has served a hit) from the fast path.
      const later = await (await fetch(`${server.url}/cenik`)).text();
      for (const leaked of ['tajne-slovo-42', 'nevesta', 'klik-id-77', 'newsletter']) expect(later, leaked).not.toContain(leaked);
    }
    const rsc = await (await fetch(`${server.url}/cenik`, { headers: { rsc: '1' } })).text();
    expect(rsc).not.toContain('tajne-slovo-42');
  });

  it('a page opened with a query still hydrates, keeps the address and breaks no policy', async () => {
    const context = await newQuietContext(browser, server.url);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${server.url}/cenik?utm_source=newsletter&q=slovo`);
    await hydrated(page, 'header a');
    expect(new URL(page.url()).search).toBe('?utm_source=newsletter&q=slovo');
    expect(violations).toEqual([]);
    await context.close();
  });
});

/** A policy whose script-src admits only the page's own scripts: no 'unsafe-inline', no wildcard, no eval. */
function expectStrictScriptSrc(policy: string | null, what: string) {
  expect(policy, what).toBeTruthy();
  const scriptSrc = policy!.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
  expect(scriptSrc, what).toBeDefined();
  expect(scriptSrc, what).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\s\*(\s|$)|\shttps?:(\s|$)|\sdata:/);
  expect(scriptSrc, what).toMatch(/'strict-dynamic'|'none'/);
  if (scriptSrc!.includes("'strict-dynamic'")) expect(scriptSrc, what).toMatch(/'nonce-|'sha256-|'self'/);
}

describe('every answer of every public page carries a strict script-src', () => {
  it('cache miss, hit, fast path, HEAD, with queries, RSC requests and not-found', async () => {
    const portfolio = await (await fetch(`${server.url}/portfolio`)).text();
    const wedding = /href="(\/weddings\/[a-z0-9-]+)"/.exec(portfolio)?.[1];
    const blog = await (await fetch(`${server.url}/blog`)).text();
    const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
    expect(wedding).toBeDefined();
    expect(post).toBeDefined();
    const pages = ['/', '/faq', '/omne', '/cenik', '/sluzby', '/lokace', '/ochrana-udaju', '/obchodni-podminky', '/kontakt', '/portfolio', '/blog', wedding!, post!];
    for (const p of pages) {
      for (let n = 0; n < 3; n++) {
        const res = await fetch(`${server.url}${p}`);
        expect(res.status, p).toBe(200);
        expectStrictScriptSrc(res.headers.get('content-security-policy'), `GET ${p} #${n}`);
        await res.arrayBuffer();
      }
      const head = await fetch(`${server.url}${p}`, { method: 'HEAD' });
      expectStrictScriptSrc(head.headers.get('content-security-policy'), `HEAD ${p}`);
      for (const q of ['?utm_source=x', '?q=1&fbclid=abc', '?strana=2']) {
        const res = await fetch(`${server.url}${p}${q}`);
        expectStrictScriptSrc(res.headers.get('content-security-policy'), `GET ${p}${q}`);
        await res.arrayBuffer();
      }
      const rsc = await fetch(`${server.url}${p}`, { headers: { rsc: '1' } });
      expectStrictScriptSrc(rsc.headers.get('content-security-policy'), `RSC ${p}`);
      await rsc.arrayBuffer();
    }
    for (const missing of ['/neexistuje', '/weddings/neexistuje', '/blog/neexistuje']) {
      const res = await fetch(`${server.url}${missing}`);
      expect(res.status, missing).toBe(404);
      expectStrictScriptSrc(res.headers.get('content-security-policy'), `GET ${missing}`);
      await res.arrayBuffer();
    }
  });
});

describe('registration', () => {
  it('never takes someone else\'s address as a username; the address\'s owner still registers and gets the mail', async () => {
    const register = (body: Record<string, string>) =>
      fetch(`${server.url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const victim = 'nevesta.obet@example.cz';
    const squat = await register({ username: victim, email: 'utocnik@example.cz', password: 'utocnikovo-heslo' });
    expect(squat.status).toBe(400);
    const own = await register({ username: victim, email: victim, password: 'moje-heslo-123' });
    expect(own.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(victim));
    expect(mail.subject).toBe('Potvrzení e-mailu pro váš účet');
    expect(smtp.messages.some((m) => m.to.includes('utocnik@example.cz'))).toBe(false);
  });
});
