/**
 * Against the production build: sign-out revokes the token server-side; the
 * placeholder renderer, the CMS media proxy and the image optimiser are bounded; JSON POSTs need a JSON
 * Content-Type and a same-site Origin; a short JWT_SECRET is refused at start; visitors see no error texts or
 * internal URLs on /api/ready and /strapi-test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launchBrowser, newQuietContext, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
const DEAD_CMS = 'http://127.0.0.1:9';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      AUTH_EMAIL_CONFIRMATION: 'false',
      AUTH_RATE_LIMIT: '100',
      // A Strapi that does not answer: its address and the connection error must stay private.
      STRAPI_URL: DEAD_CMS,
      CONTENT_TIMEOUT_MS: '500',
      CONTENTFUL_SPACE_ID: 'mojespace',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function inquiry(n: number) {
  const weddingDate = new Date(Date.now() + (200 + n) * 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify({ partner1: `Jana ${n}`, partner2: 'Petr', email: `par${n}@example.cz`, phone: '+420 608 111 222', weddingDate, venue: 'Zámek Hluboká', town: 'Hluboká', guestCount: 50, consent: true });
}

describe('JSON POSTs (item 10)', () => {
  it('refuses a missing or non-JSON Content-Type, and a foreign Origin, in Czech', async () => {
    const post = (headers: Record<string, string>, body = inquiry(1)) => fetch(`${server.url}/api/inquiries`, { method: 'POST', headers, body });
    // fetch adds text/plain to a string body unless told otherwise; a Blob without a type sends no Content-Type.
    const bare = await fetch(`${server.url}/api/inquiries`, { method: 'POST', body: new Blob([inquiry(1)]) });
    expect(bare.status).toBe(415);
    expect(((await bare.json()) as { error: { message: string } }).error.message).toBe('Očekáván obsah typu application/json.');
    expect((await post({ 'content-type': 'text/plain' })).status).toBe(415);
    const foreign = await post({ 'content-type': 'application/json', origin: 'https://zlypage.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe('Požadavek z cizí webové stránky byl odmítnut.');
    expect((await post({ 'content-type': 'application/json', origin: 'null' })).status).toBe(403);
    // Our own pages (same origin) and server-to-server clients (no Origin) are fine.
    expect((await post({ 'content-type': 'application/json', origin: server.url }, inquiry(2))).status).toBe(201);
    expect((await post({ 'content-type': 'application/json; charset=utf-8' }, inquiry(3))).status).toBe(201);
    // The account API too.
    const auth = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://zlypage.example' },
      body: JSON.stringify({ email: 'kdokoli@example.cz' }),
    });
    expect(auth.status).toBe(403);
  });
});

describe('Idempotency-Key (item 7)', () => {
  it('the same key with other data answers 422 in Czech, not the old reference', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/api/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'e2e-klic-opakovany' }, body });
    const first = await post(inquiry(40));
    expect(first.status).toBe(201);
    const { reference } = (await first.json()) as { reference: string };
    const replay = await post(inquiry(40));
    expect(replay.status).toBe(201);
    expect(((await replay.json()) as { reference: string }).reference).toBe(reference);
    const other = await post(inquiry(41));
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { message: string } }).error.message).toContain('Idempotency-Key už byl použit pro jinou poptávku');
  });
});

describe('sign-out (item 6)', () => {
  it('the signed-out session token no longer works anywhere', async () => {
    const email = 'odhlaseni@example.cz';
    const password = 'heslo-na-odhlaseni';
    const reg = await fetch(`${server.url}/api/auth/local/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, email, password }) });
    expect(reg.status).toBe(200);
    const ctx = await newQuietContext(browser, server.url);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/ucet/prihlaseni`);
    await hydrated(page);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Heslo', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet');
    const jwt = (await ctx.cookies()).find((c) => c.name === 'strapi_jwt')?.value;
    expect(jwt).toBeTruthy();
    const me = () => fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } }).then((r) => r.status);
    expect(await me()).toBe(200);
    await hydrated(page, 'main form');
    await page.getByRole('button', { name: 'Odhlásit se' }).click();
    await page.waitForURL((u) => u.pathname === '/ucet/prihlaseni');
    // A copy of the cookie taken before sign-out (another device, a stolen cookie) is dead too.
    expect(await me()).toBe(401);
    await ctx.close();
  });
});

describe('bounded image endpoints (item 9)', () => {
  it('renders only sizes the site uses, and each client only so many', async () => {
    // The render counter's windows are fixed (multiples of 10 minutes since the epoch): a run that crossed a
    // boundary would be counted in two windows, so with less than a minute of this one left the test starts in the
    // next one (this whole test takes ≈ 15 s).
    const WINDOW_MS = 10 * 60_000;
    const left = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (left < 60_000) await new Promise((r) => setTimeout(r, left + 100));
    expect((await fetch(`${server.url}/api/placeholder/velky/2400x2400.jpg`)).status).toBe(400);
    expect((await fetch(`${server.url}/api/placeholder/uvod-hero/2400x1600.jpg`)).status).toBe(200);
    // 600 fresh renders per client per 10 minutes (tiny ones here); cached images are not counted.
    const statuses: number[] = [];
    for (let i = 0; i < 602; i += 6) {
      const batch = await Promise.all(Array.from({ length: 6 }, (_, k) => fetch(`${server.url}/api/placeholder/budget-${i + k}/16x16.jpg`).then((r) => r.status)));
      statuses.push(...batch);
    }
    expect(statuses.filter((s) => s === 200).length).toBe(599); // uvod-hero took one of the 600
    const limited = await fetch(`${server.url}/api/placeholder/budget-9999/16x16.jpg`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Recently rendered (still in the server's cache): still served.
    const lastRendered = statuses.lastIndexOf(200);
    expect((await fetch(`${server.url}/api/placeholder/budget-${lastRendered}/16x16.jpg`)).status).toBe(200);
  }, 120_000);

  it('proxies only Strapi /uploads/, and the optimiser fetches only the configured Contentful space', async () => {
    expect((await fetch(`${server.url}/api/media/strapi/admin/init`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/media/strapi/api/users/me.png`)).status).toBe(404);
    // Under /uploads/ the (dead) server is asked: 502, not a refusal.
    expect((await fetch(`${server.url}/api/media/strapi/uploads/foto.jpg`)).status).toBe(502);
    const optimise = (url: string) => fetch(`${server.url}/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
    expect((await optimise('https://images.ctfassets.net/cizispace/a/b/foto.jpg')).status).toBe(400);
    expect((await optimise(`${server.url}/api/health`)).status).toBe(400);
    expect((await optimise('http://localhost:9/x.jpg')).status).toBe(400);
    // The configured space is allowed (this machine has no internet, so the fetch itself fails — not a 400).
    expect((await optimise('https://images.ctfassets.net/mojespace/a/b/foto.jpg')).status).not.toBe(400);
  });
});

describe('secrets and internals (item 11)', () => {
  it('refuses to start with a JWT_SECRET shorter than 32 bytes', async () => {
    const err = await startServer({ JWT_SECRET: 'kratke-tajemstvi' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('JWT_SECRET musí mít alespoň 32 bajtů');
  });

  it('/api/ready and /strapi-test show visitors no error texts or internal URLs', async () => {
    const ready = await fetch(`${server.url}/api/ready`);
    const body = await ready.text();
    expect(body).not.toContain('127.0.0.1:9');
    expect(body).not.toMatch(/ECONNREFUSED|fetch failed|timed? ?out/i);
    const page = await (await fetch(`${server.url}/strapi-test`)).text();
    expect(page).toContain('Diagnostika obsahu');
    expect(page).not.toContain('127.0.0.1:9');
    expect(page).not.toMatch(/ECONNREFUSED|fetch failed/i);
  });
});
