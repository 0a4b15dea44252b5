/**
 * Abuse, against the production server with TRUST_PROXY unset (the default): every flood request carries a
 * different forged X-Forwarded-For / x-client-address, which must not buy it a fresh rate-limit budget. Different
 * real clients are sockets bound to different loopback addresses (all of 127.0.0.0/8 is this machine), so no
 * header is trusted to simulate them. Floods of 5 000 inquiries — from one bot and from a "botnet" of 250
 * addresses — run while real couples send inquiries from their own addresses; the real ones get through and get
 * their auto-reply over real SMTP, the flood's auto-replies stay within their budget. And brute-force sign-in is
 * limited (429) per address without locking the real admin out — neither from another address, nor (once the
 * window has passed) from the attacked one.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { AUTO_REPLY_FLAGGED_PER_DAY } from '@/bookings/config';
import { startSmtp } from '../e2e/harness';
import { DB_KINDS, postInquiry, query, startServer, testDatabase, validInquiry, futureDate, type RunningServer, type TestDatabase } from './helpers';

const FLOOD = Number(process.env.ABUSE_FLOOD ?? 5000);
const CONCURRENCY = 40;
const PER_CLIENT = 5; // INQUIRY_RATE_PER_CLIENT default: per address per 10 minutes
const GLOBAL = 300; // INQUIRY_RATE_GLOBAL default: flagged inquiries per minute, all together
const CEILING_FACTOR = 10; // every inquiry together: GLOBAL × 10 per minute
const BOTNET = 250;

function spam(n: number) {
  // What bots send: a link, no venue, a date next week.
  return { ...validInquiry('flood', n), venue: '', town: '', weddingDate: futureDate(7), message: `Výhodná nabídka https://spam.example/${n}` };
}
/** A forged client address, different on every request. */
const forged = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const forgedHeaders = (n: number) => ({ 'x-forwarded-for': forged(n + 1), 'x-client-address': forged(n + 1), 'x-real-ip': forged(n + 1) });
/** Where flood request n really comes from: one bot, or one of BOTNET addresses. */
const oneBot = () => '127.0.0.2';
const botnet = (n: number) => `127.1.${Math.floor((n % BOTNET) / 200)}.${(n % BOTNET) % 200 + 1}`;

async function flood(
  server: RunningServer,
  make: (n: number) => unknown,
  from: (n: number) => string,
  real: { at: number[]; tag: string },
): Promise<{ statuses: Record<number, number>; realStatuses: number[]; windows: number; realEmails: string[] }> {
  const statuses: Record<number, number> = {};
  const realStatuses: number[] = [];
  const realEmails: string[] = [];
  const started = Date.now();
  let next = 0;
  let realSent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < FLOOD) {
        const n = next++;
        if (real.at.includes(n)) {
          // A real couple, from their own address, in the middle of the flood.
          realSent += 1;
          const body = validInquiry(real.tag, realSent);
          const r = await postInquiry(server.url, body, {}, `127.0.9.${realSent}`);
          realStatuses.push(r.status);
          realEmails.push(body.email);
        }
        const r = await postInquiry(server.url, make(n), forgedHeaders(n), from(n));
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  const windows = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
  return { statuses, realStatuses, windows, realEmails };
}

describe('inquiry floods with forged client headers', { timeout: 900_000 }, () => {
  let tdb: TestDatabase;
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    tdb = await testDatabase(DB_KINDS.at(-1)!, 'flood');
    smtp = await startSmtp();
    // TRUST_PROXY unset: the default, as deployed without a proxy.
    server = await startServer({ ...tdb.env, INQUIRY_MIN_FILL_MS: '0', SMTP_URL: smtp.url }, { dataDir: tdb.dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await tdb?.drop();
  });

  const autoRepliesTo = (pred: (to: string) => boolean) =>
    smtp.messages.filter((m) => m.subject.startsWith('Děkuji za') && m.to.some(pred)).length;

  it('one bot forging a new address on every request gets only its own per-address budget', async () => {
    const at = [Math.floor(FLOOD * 0.3), Math.floor(FLOOD * 0.8)];
    const r = await flood(server, (n) => validInquiry('forger', n), oneBot, { at, tag: 'realcouple0' });
    console.log(`[flood forged, one bot] ${JSON.stringify(r.statuses)}; real inquiries: ${r.realStatuses.join(', ')}`);
    expect(r.realStatuses).toEqual(at.map(() => 201));
    expect(r.statuses[201] ?? 0).toBeLessThanOrEqual(PER_CLIENT * 2); // at most two 10-minute windows touched
    expect(r.statuses[429] ?? 0).toBeGreaterThanOrEqual(FLOOD - PER_CLIENT * 2);
    for (const email of r.realEmails) await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Děkuji za'), 180_000);
  });

  it('throttles a botnet flood (links, no venue) while real inquiries during it get through with their auto-reply', async () => {
    const at = [Math.floor(FLOOD * 0.25), Math.floor(FLOOD * 0.5), Math.floor(FLOOD * 0.75), FLOOD - 50];
    const r = await flood(server, spam, botnet, { at, tag: 'realcouple' });
    console.log(`[flood spam, botnet] ${JSON.stringify(r.statuses)} over ${r.windows} rate window(s); real inquiries: ${r.realStatuses.join(', ')}`);
    expect(r.realStatuses).toEqual(at.map(() => 201));
    expect(Object.keys(r.statuses).filter((s) => Number(s) >= 500)).toEqual([]);
    expect(r.statuses[201] ?? 0).toBeLessThanOrEqual(Math.min(GLOBAL * r.windows, BOTNET * PER_CLIENT));
    // Delivery runs after each response and the outbox job retries: under a flood the queue takes a while.
    for (const email of r.realEmails) await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Děkuji za'), 180_000);
    // The flood's auto-replies stay within the flagged budget; none repeats the bots' text.
    expect(autoRepliesTo((to) => to.startsWith('flood-'))).toBeLessThanOrEqual(AUTO_REPLY_FLAGGED_PER_DAY);
    expect(smtp.messages.filter((m) => m.subject.startsWith('Děkuji za') && m.text.includes('spam.example'))).toEqual([]);
  });

  it('mail-bombing one address through the form sends it at most a few auto-replies', async () => {
    const r = await flood(server, (n) => ({ ...validInquiry('bomb', n), email: 'obet@example.cz' }), (n) => `127.2.0.${(n % 200) + 1}`, { at: [], tag: 'none' });
    const accepted = r.statuses[201] ?? 0;
    expect(accepted).toBeGreaterThan(10);
    // Every accepted inquiry is stored and the photographer is told about each (her mail is queued before the
    // auto-reply and delivered in the same run); wait for all of those, then count what the victim got.
    const toAnna = () => smtp.messages.filter((m) => m.subject.startsWith('Nová poptávka') && m.text.includes('bomb')).length;
    await expect.poll(toAnna, { timeout: 600_000, interval: 500 }).toBe(accepted);
    await smtp.waitFor((m) => m.to.includes('obet@example.cz'), 180_000);
    expect(autoRepliesTo((to) => to === 'obet@example.cz')).toBeLessThanOrEqual(3);
  });

  it('caps a botnet flood of clean-looking inquiries at the database ceiling, without a 5xx', async () => {
    const at = [Math.floor(FLOOD * 0.1), Math.floor(FLOOD * 0.3)];
    const r = await flood(server, (n) => validInquiry('cleanflood', n), botnet, { at, tag: 'realcouple2' });
    console.log(`[flood clean, botnet] ${JSON.stringify(r.statuses)} over ${r.windows} rate window(s); real inquiries: ${r.realStatuses.join(', ')}`);
    expect(Object.keys(r.statuses).filter((s) => Number(s) >= 500)).toEqual([]);
    expect(r.statuses[201] ?? 0).toBeLessThanOrEqual(Math.min(GLOBAL * CEILING_FACTOR * r.windows, BOTNET * PER_CLIENT));
    expect(r.realStatuses).toEqual(at.map(() => 201));
  });
});

describe('brute-force sign-in', () => {
  const ADMIN = { email: 'anna.admin@example.cz', password: 'Správné-heslo-2026' };
  let tdb: TestDatabase;
  let server: RunningServer;
  const env = () => ({ ...tdb.env });
  beforeAll(async () => {
    tdb = await testDatabase(DB_KINDS.at(-1)!, 'brute');
    const h = await tdb.open();
    await createOrPromoteAdmin(h.db, ADMIN);
    await h.close();
    server = await startServer(env(), { dataDir: tdb.dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
  });

  /** A sign-in from a real source address, with a forged X-Forwarded-For that must change nothing. */
  const signIn = (from: string, password: string, n = 0) =>
    new Promise<{ status: number; retryAfter: number; body: string }>((resolve, reject) => {
      const payload = JSON.stringify({ identifier: ADMIN.email, password });
      const req = http.request(
        `${server.url}/api/auth/local`,
        {
          method: 'POST',
          localAddress: from,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), 'x-forwarded-for': forged(n + 7) },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0), body }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  it('limits an attacker to 5 attempts, backs the account off briefly, and never locks the admin out for good', async () => {
    const attacker = '127.0.0.66';
    // The limit uses fixed 5-minute windows: don't start the burst seconds before a window ends.
    const intoWindow = Date.now() % 300_000;
    if (intoWindow > 270_000) await new Promise((r) => setTimeout(r, 300_000 - intoWindow + 500));
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 30; i++) {
      const res = await signIn(attacker, `spatne-heslo-${i}`, i);
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.retryAfter;
        expect((JSON.parse(res.body) as { error: unknown }).error).toMatchObject({ status: 429, name: 'RateLimitError' });
      }
    }
    // Forged X-Forwarded-For on every attempt: still one client.
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Even the right password is refused from the attacking address within the window…
    expect((await signIn(attacker, ADMIN.password)).status).toBe(429);
    // …and for a short back-off the account itself waits, from any address (a rotating attacker gains nothing).
    const during = await signIn('127.0.0.10', ADMIN.password);
    expect(during.status).toBe(429);
    expect(during.retryAfter).toBeGreaterThan(0);
    expect(during.retryAfter).toBeLessThanOrEqual(60);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);

    // Let the windows pass. They are not configurable, so instead of waiting, the stored counters are moved
    // 5 minutes into the past — exactly what the passing of time does to them.
    const shift = async (h: Awaited<ReturnType<TestDatabase['open']>>) => {
      await query(h, sql`UPDATE rate_limits SET window_start = window_start - 300000 WHERE bucket LIKE 'auth:%'`);
      await query(h, sql`UPDATE auth_login_failures SET locked_until = locked_until - 300000, last_failure = last_failure - 300000`);
      const blocked = await query<{ blocked: boolean }>(h, sql`SELECT blocked FROM auth_users WHERE email = ${ADMIN.email}`);
      expect(blocked[0]?.blocked).toBe(false);
    };
    if (tdb.kind === 'postgres') {
      const h = await tdb.open();
      await shift(h);
      await h.close();
    } else {
      await server.stop();
      const h = await tdb.open();
      await shift(h);
      await h.close();
      server = await startServer(env(), { dataDir: tdb.dataDir });
    }
    // The admin signs in from her own address, and then even from the attacked one.
    expect((await signIn('127.0.0.10', ADMIN.password)).status).toBe(200);
    expect((await signIn(attacker, ADMIN.password)).status).toBe(200);
  });
});
