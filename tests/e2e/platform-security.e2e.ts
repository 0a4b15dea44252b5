import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launchBrowser, newContext, startServer, type RunningServer } from './harness';

/**
 * Security headers, query limits, client bundles free of server secrets, readiness, start-up failure and graceful
 * shutdown — all against the production build.
 */
const root = path.resolve(import.meta.dirname, '../..');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // SITE_URL https: the deployment sits behind a TLS proxy, so HSTS must be sent.
  // LOG_LEVEL=debug: the render cache's fast path logs each answer it gives, so a test can tell who answered.
  [server, browser] = await Promise.all([startServer({ SITE_URL: 'https://foto.example.cz', LOG_LEVEL: 'debug' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function expectSecurityHeaders(res: Response, what: string) {
  const h = res.headers;
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('permissions-policy'), what).toContain('camera=()');
}

/** Polls the server's log until it contains `text` (the app's own report that something happened). */
async function waitForOutput(s: RunningServer, text: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!s.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`server never logged "${text}"`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('security headers', () => {
  it('every page, API answer, redirect and error carries them; pages get a strict CSP (nonce or own hashes) and HSTS', async () => {
    // Cached public pages and their 404s carry the hashes of their own scripts; per-request pages and API answers
    // a fresh nonce (docs/decisions/011-render-cache-csp.md; tests/e2e/render-cache-csp.e2e.ts checks every page).
    const cached = ['/', '/neexistuje'];
    for (const p of [...cached, '/admin/login', '/api/health', '/api/ready', '/builds/latest.json']) {
      const res = await fetch(server.url + p, { redirect: 'manual' });
      expectSecurityHeaders(res, p);
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=63072000; includeSubDomains');
      expect(res.headers.get('x-request-id'), p).toMatch(/^[0-9a-f-]{36}$/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, p).toMatch(cached.includes(p) ? /script-src 'self' ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic'/ : /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(csp, p).toContain("frame-ancestors 'none'");
      expect(csp, p).not.toContain('unsafe-eval');
    }
    // next.config redirects answer before headers() apply: a bodiless 308 (nothing to sniff or frame).
    const redirect = await fetch(server.url + '/about', { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    const asset = (await (await fetch(server.url + '/')).text()).match(/\/_next\/static\/chunks\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    expectSecurityHeaders(await fetch(server.url + asset), 'static chunk');
  });

  it('a public page answered before Next (the render cache fast path) carries the same headers, HSTS included', async () => {
    // Rendered, then a HIT through Next (which the fast path records), then answered by server.mjs itself.
    await (await fetch(server.url + '/cenik')).text();
    const viaNext = await fetch(server.url + '/cenik');
    expect(viaNext.headers.get('x-nextjs-cache')).toBe('HIT');
    const html = await viaNext.text();
    const res = await fetch(server.url + '/cenik', { headers: { 'x-request-id': 'lb-fast-1' } });
    expect(await res.text()).toBe(html);
    await expect
      .poll(() => server.output().split('\n').some((l) => l.includes('render cache: answered before Next') && l.includes('"requestId":"lb-fast-1"')), { timeout: 5_000, interval: 20 })
      .toBe(true);
    expectSecurityHeaders(res, 'fast path');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers.get('x-request-id')).toBe('lb-fast-1');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic'/);
    for (const h of ['content-security-policy', 'cross-origin-opener-policy', 'cache-control', 'etag', 'content-type', 'vary'])
      expect(res.headers.get(h), h).toBe(viaNext.headers.get(h));
    // Without one, it makes a request id like the proxy does.
    const fresh = await fetch(server.url + '/cenik');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await fresh.text();
  });

  it('keeps an incoming request id and hydrates pages under the CSP without violations', async () => {
    const res = await fetch(server.url + '/', { headers: { 'x-request-id': 'lb-12345' } });
    expect(res.headers.get('x-request-id')).toBe('lb-12345');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(server.url + '/admin/login');
    await hydrated(page, '#main');
    // Every script in a per-request page's HTML carries this response's nonce; chunks loaded later by those
    // scripts are trusted through 'strict-dynamic' (and the console shows no violation for them).
    const html = await (await fetch(server.url + '/admin/login')).text();
    const tags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(3);
    // JSON-LD is a data block, not a script: CSP's script-src does not apply to it.
    expect(tags.filter((t) => !t.includes('application/ld+json')).filter((t) => !/\snonce="[A-Za-z0-9+/=]+"/.test(t))).toEqual([]);
    expect(violations).toEqual([]);
    await ctx.close();
  });
});

describe('request limits', () => {
  it('answers over-limit query strings with a Czech 400/414, never a crash', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    const cases = [`/?${many}`, '/?a[b][c][d][e][f][g]=1', '/?x[21]=1', '/api/ready?' + Array.from({ length: 21 }, () => 'a[]=1').join('&')];
    for (const c of cases) {
      const res = await fetch(server.url + c);
      expect(res.status, c.slice(0, 60)).toBe(400);
      expectSecurityHeaders(res, c.slice(0, 30));
      expect(await res.text()).toContain('Parametry v adrese překračují povolený rozsah');
    }
    // Within the limits: served normally.
    const ok = Array.from({ length: 20 }, () => 'a[]=1').join('&') + '&a1[b][c][d][e][f]=1';
    expect((await fetch(`${server.url}/?${ok}`)).status).toBe(200);
    // Over-long URLs are refused (Node's own header limit or ours) without taking the server down.
    const long = await fetch(`${server.url}/?q=${'a'.repeat(20_000)}`);
    expect([414, 431]).toContain(long.status);
    expect((await fetch(server.url + '/api/health')).status).toBe(200);
  });
});

describe('client bundles', () => {
  it('contain no server env values (built with canary secrets)', () => {
    const canaryFile = path.join(root, '.next', 'build-canaries.json');
    expect(fs.existsSync(canaryFile), 'build with scripts/ensure-build.mjs so canary secrets are set').toBe(true);
    const canaries = Object.values(JSON.parse(fs.readFileSync(canaryFile, 'utf8')) as Record<string, string>);
    expect(canaries.length).toBeGreaterThanOrEqual(5);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, f.name);
        if (f.isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(path.join(root, '.next', 'static'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = fs.readFileSync(file, 'latin1');
      for (const secret of canaries) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });

  it('do not ship zod: forms validate on the server, the browser only gets limits and labels', () => {
    const dir = path.join(root, '.next', 'static', 'chunks');
    const withZod = fs.readdirSync(dir).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(dir, f), 'latin1').includes('ZodError'));
    expect(withZod).toEqual([]);
  });
});

describe('operations', () => {
  it('reports readiness with database and content checks', async () => {
    const res = await fetch(server.url + '/api/ready');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = (await res.json()) as { ready: boolean; checks: Record<string, { ok: boolean }> };
    expect(body.ready).toBe(true);
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.content.ok).toBe(true);
  });

  // Needs a remote content provider (lands with the content helper's branch).
  it.runIf(fs.existsSync(path.join(root, 'src/content/providers/strapi')))('answers 503 when the content source is unreachable', async () => {
    const s = await startServer({ CONTENT_SOURCE: 'strapi', STRAPI_URL: 'http://127.0.0.1:9', CONTENT_TIMEOUT_MS: '500' });
    try {
      const res = await fetch(s.url + '/api/ready');
      expect(res.status).toBe(503);
      const body = (await res.json()) as { ready: boolean; checks: Record<string, { ok: boolean; detail?: string }> };
      expect(body.ready).toBe(false);
      expect(body.checks.database.ok).toBe(true);
      expect(body.checks.content.ok).toBe(false);
      // The site itself keeps serving (sample content).
      expect((await fetch(s.url + '/')).status).toBe(200);
    } finally {
      await s.stop();
    }
  });

  it('exits non-zero with the failing step when start-up fails', async () => {
    const err = await startServer({ STORAGE_DRIVER: 's3' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    expect(message).toMatch(/Server exited \((1|null)\)/);
    expect(message).toContain('Spuštění selhalo v kroku "configuration"');
    expect(message).toContain('STORAGE_DRIVER=s3 vyžaduje S3_BUCKET');
    // server.mjs's own settings are checked before Next starts.
    const fast = await startServer({ RENDER_CACHE_FAST_PATH: 'mozna' }).catch((e: unknown) => e);
    expect(fast).toBeInstanceOf(Error);
    expect((fast as Error).message).toMatch(/Server exited \(1\)/);
    expect((fast as Error).message).toContain('RENDER_CACHE_FAST_PATH: musí být „on“ nebo „off“ (je „mozna“)');
  });

  it('on SIGTERM finishes an in-flight request, closes the database and exits 143', async () => {
    const s = await startServer();
    const port = Number(new URL(s.url).port);
    // A page view whose body arrives only after the signal: in flight when the signal comes, it must still be
    // answered. `Expect: 100-continue` makes the server say when it has taken the request (its `100 Continue`);
    // the rest of the body is sent once the app has logged the signal.
    const body = ['{"path":', '"/pomalu"}'];
    let req!: http.ClientRequest;
    const pending = new Promise<number>((resolve, reject) => {
      req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/analytics/pageview',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body.join(''))), connection: 'close', expect: '100-continue' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
    const accepted = new Promise<void>((resolve) => req.once('continue', () => resolve()));
    req.flushHeaders();
    await accepted;
    req.write(body[0]);
    const exited = new Promise<number | null>((resolve) => s.proc.once('exit', (code) => resolve(code)));
    s.proc.kill('SIGTERM');
    await waitForOutput(s, 'shutdown: signal received');
    req.end(body[1]);
    expect(await pending).toBe(204);
    expect(await exited).toBe(143);
    expect(s.output()).toContain('shutdown: database closed, exiting');
    // The PGlite data dir closed cleanly: a new server opens it.
    const again = await startServer({}, { dataDir: s.dataDir });
    expect((await fetch(again.url + '/api/ready')).status).toBe(200);
    await again.stop();
  }, 150_000); // two server starts and a graceful shutdown
});
