import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, rowsOf, type DbHandle } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { launchBrowser, newContext, skipConsentBanner, startServer, type RunningServer } from './harness';

/**
 * Two production instances on one PostgreSQL behave as one (docs/decisions/006-multi-instance.md): rate-limit
 * counters and counted data live in the database, so limits hold across instances behind a load balancer.
 */
function postgresUrl(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!fs.existsSync('/usr/lib/postgresql')) return undefined;
  const script = path.resolve(import.meta.dirname, '../../scripts/ci-postgres.sh');
  return execFileSync('sh', [script], { encoding: 'utf8' }).trim().split('\n').pop();
}

const base = postgresUrl();
let a: RunningServer;
let b: RunningServer;
let db: DbHandle;
let dbName = '';

beforeAll(async () => {
  if (!base) return;
  dbName = `e2e_multi_${Date.now().toString(36)}`;
  const admin = await openDb({ url: base, migrate: false, max: 1 });
  await admin.exec(`CREATE DATABASE ${dbName}`);
  await admin.close();
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const env = { DATABASE_URL: url.toString(), TRUST_PROXY: 'true' };
  // Started one after the other: both run the migrations (serialised by an advisory lock) on one database.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  db = await openDb({ url: url.toString(), migrate: false, max: 2 });
  await createOrPromoteAdmin(db.db, ADMIN);
}, 180_000);

const ADMIN = { email: 'anna.multi@example.cz', password: 'Dva-Servery-2026!' };

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
  if (base && dbName) {
    const admin = await openDb({ url: base, migrate: false, max: 1 });
    await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.close();
  }
});

/** Fixed windows: start a burst early in a window so it cannot straddle two. */
async function awayFromWindowEdge(windowMs: number, marginMs: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 200));
}

describe.runIf(base)('two instances on one PostgreSQL', () => {
  it('share the page-view rate limit and the counts', async () => {
    await awayFromWindowEdge(60_000, 20_000);
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const hit = (server: RunningServer) =>
      fetch(`${server.url}/api/analytics/pageview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ path: '/dva-servery' }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await hit(i % 2 === 0 ? a : b));
    expect(statuses.every((s) => s === 204)).toBe(true);
    // The 61st view is over the limit whichever instance receives it.
    expect(await hit(a)).toBe(429);
    expect(await hit(b)).toBe(429);
    const rows = rowsOf<{ views: number }>(await db.db.execute(sql`SELECT views FROM page_views WHERE path = '/dva-servery'`));
    expect(rows.map((r) => Number(r.views))).toEqual([60]);
  });

  it('share the sign-in limit (POST /api/auth/local)', async () => {
    await awayFromWindowEdge(5 * 60_000, 30_000);
    const client = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const signIn = (server: RunningServer) =>
      fetch(`${server.url}/api/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ identifier: 'nikdo@example.cz', password: 'spatne-heslo-123' }),
      }).then((r) => r.status);
    // AUTH_RATE_LIMIT (default 5) attempts spread over both instances, then both refuse.
    const statuses = [await signIn(a), await signIn(b), await signIn(a), await signIn(b), await signIn(a)];
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(await signIn(b)).toBe(429);
    expect(await signIn(a)).toBe(429);
  });

  it('both report ready', async () => {
    for (const s of [a, b]) {
      const body = (await (await fetch(`${s.url}/api/ready`)).json()) as { ready: boolean; checks: { database: { detail: string } } };
      expect(body.ready).toBe(true);
      expect(body.checks.database.detail).toBe('postgres');
    }
  });

  it('a setting saved through one instance shows at once on the other, in its pages and its API', async () => {
    const login = await fetch(`${a.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}`, 'content-type': 'application/json' };
    // The page is in b's render cache before the change.
    expect(await (await fetch(`${b.url}/kontakt`)).text()).not.toContain('Eliška Dvoustranná');
    const saved = await fetch(`${a.url}/api/admin/settings`, { method: 'PATCH', headers: auth, body: JSON.stringify({ photographer: { name: 'Eliška Dvoustranná', phone: '+420 601 222 333' } }) });
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await (await fetch(`${b.url}/kontakt`)).text()).includes('Eliška Dvoustranná'), { timeout: 10_000 }).toBe(true);
    const other = (await (await fetch(`${b.url}/api/admin/settings`, { headers: auth })).json()) as { photographer: { name: string; phone: string } };
    expect(other.photographer).toMatchObject({ name: 'Eliška Dvoustranná', phone: '+420 601 222 333' });
  });

  it('share the date lock: a date held through one instance cannot be held through the other', async () => {
    const date = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    const inquiry = (n: number) => ({
      partner1: `Jana ${n}`,
      partner2: `Petr ${n}`,
      email: `multi-${n}@example.cz`,
      phone: '+420 777 123 456',
      weddingDate: date,
      venue: 'Zámek Zbiroh',
      town: 'Zbiroh',
      guestCount: 60,
      message: 'Dobrý den, rádi bychom se domluvili na focení celého dne.',
      consent: true,
    });
    const ids: number[] = [];
    for (const [n, server] of [[1, a], [2, b]] as const) {
      const res = await fetch(`${server.url}/api/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${n}` },
        body: JSON.stringify(inquiry(n)),
      });
      expect(res.status).toBe(201);
      const { reference } = (await res.json()) as { reference: string };
      const rows = rowsOf<{ id: number }>(await db.db.execute(sql`SELECT id FROM inquiries WHERE reference = ${reference}`));
      ids.push(Number(rows[0].id));
    }

    const browser = await launchBrowser();
    try {
      const hold = async (server: RunningServer, id: number) => {
        const ctx = await newContext(browser, 'desktop');
        await skipConsentBanner(ctx, server.url);
        const page = await ctx.newPage();
        await page.goto(`${server.url}/admin/login?next=/admin/bookings/${id}`);
        await page.fill('#identifier', ADMIN.email);
        await page.fill('#password', ADMIN.password);
        await page.click('button[type="submit"]');
        await page.waitForURL(`${server.url}/admin/bookings/${id}`);
        await page.selectOption('#to', 'held');
        await page.click('button:has-text("Změnit stav")');
        return { ctx, page };
      };
      const first = await hold(a, ids[0]);
      await expect.poll(() => first.page.textContent('h2#status-title'), { timeout: 15_000 }).toContain('Termín blokován');
      const second = await hold(b, ids[1]);
      await expect.poll(() => second.page.textContent('main'), { timeout: 15_000 }).toContain('už má poptávka s blokovaným termínem');
      expect(await second.page.textContent('h2#status-title')).not.toContain('Termín blokován');
      await Promise.all([first.ctx.close(), second.ctx.close()]);
    } finally {
      await browser.close();
    }
    const held = rowsOf<{ n: number }>(await db.db.execute(sql`SELECT count(*)::int AS n FROM inquiries WHERE wedding_date = ${date} AND status = 'held'`));
    expect(Number(held[0].n)).toBe(1);
    for (const server of [a, b]) {
      const body = (await (await fetch(`${server.url}/api/availability?from=${date}&to=${date}`)).json()) as { taken: string[] };
      expect(body.taken).toEqual([date]);
    }
  });
});
