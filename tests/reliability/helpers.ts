/**
 * Shared pieces of the reliability suite: servers on PGlite or a fresh PostgreSQL database, valid inquiries,
 * direct database access after a server stopped, and a private PostgreSQL server that tests may stop.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { openDb, rowsOf, type DbHandle } from '@/db/client';
import { freePort, startServer, type RunningServer } from '../e2e/harness';
import { freshPostgresDatabase } from '../../bench/lib/postgres';

export { startServer, freePort, type RunningServer };

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const DB_KINDS: ('pglite' | 'postgres')[] = hasPostgres ? ['pglite', 'postgres'] : ['pglite'];

/** Limits high enough that a test's own burst is never throttled (the abuse test sets its own). */
export const RAISED_LIMITS = { INQUIRY_RATE_PER_CLIENT: '100000000', INQUIRY_RATE_GLOBAL: '100000000', INQUIRY_MIN_FILL_MS: '0' };

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** Env for startServer. */
  env: Record<string, string>;
  /** Fixed DATA_DIR so a restarted server (and PGlite) finds the same data. */
  dataDir: string;
  /** Opens the database directly — for PGlite only while no server holds the data dir. */
  open: () => Promise<DbHandle>;
  drop: () => Promise<void>;
}

export async function testDatabase(kind: 'pglite' | 'postgres', prefix = 'rel'): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-data-`));
  if (kind === 'postgres') {
    const pg = await freshPostgresDatabase(prefix);
    return {
      kind,
      env: { DATABASE_URL: pg.url },
      dataDir,
      open: () => openDb({ url: pg.url, max: 4 }),
      drop: async () => {
        await pg.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    kind,
    env: {},
    dataDir,
    open: () => openDb({ url: path.join(dataDir, 'pglite') }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Closes a handle the test opened. PGlite's close() has been seen to never settle after reading a data dir that
 * went through crash recovery; the worker process ends anyway, so give it 15 s and move on rather than hang.
 */
export async function closeQuietly(h: DbHandle): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([h.close(), new Promise<void>((r) => (timer = setTimeout(r, 15_000)))]);
  clearTimeout(timer);
}

export async function query<T>(h: DbHandle, q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await h.db.execute(q));
}

export function futureDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export interface InquiryPayload {
  partner1: string;
  partner2: string;
  email: string;
  phone: string;
  weddingDate: string;
  venue: string;
  town: string;
  guestCount: number;
  message: string;
  consent: true;
}

/** A valid, clean full inquiry (no scam signs): date months ahead, a venue, no links. */
export function validInquiry(tag: string, n: number): InquiryPayload {
  return {
    partner1: `Jana ${tag} ${n}`,
    partner2: `Petr ${tag} ${n}`,
    email: `${tag}-${n}@example.cz`,
    phone: '+420 777 123 456',
    weddingDate: futureDate(120 + (n % 300)),
    venue: 'Zámek Zbiroh',
    town: 'Zbiroh',
    guestCount: 60 + (n % 50),
    message: 'Dobrý den, rádi bychom se domluvili na focení celého dne.',
    consent: true,
  };
}

type InquiryAnswer = { status: number; json: { reference?: string; error?: { message: string; fields?: Record<string, string> } } | null; headers: Headers };

/**
 * POST /api/inquiries. `from` binds the socket to that local address (any of 127.0.0.0/8): a different real
 * client as the server sees it, without trusting any header.
 */
export async function postInquiry(baseUrl: string, body: unknown, headers: Record<string, string> = {}, from?: string): Promise<InquiryAnswer> {
  if (from) return postInquiryFrom(baseUrl, body, headers, from);
  const res = await fetch(`${baseUrl}/api/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    // A hung request fails the test with a reason instead of running into the test timeout.
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, headers: res.headers };
}

function postInquiryFrom(baseUrl: string, body: unknown, headers: Record<string, string>, from: string): Promise<InquiryAnswer> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const url = new URL('/api/inquiries', baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        // A fresh connection per request: a kept-alive socket the server closes when idle would reset mid-flood.
        agent: false,
        localAddress: from,
        timeout: 60_000,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), 'idempotency-key': randomUUID(), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          resolve({ status: res.statusCode ?? 0, json, headers: h });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('inquiry request timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A private PostgreSQL server (own data dir and port) that a test may stop and start — the shared test server
 * must never be stopped. Uses scripts/ci-postgres.sh with its own PGTEST_DIR/PGTEST_PORT.
 */
export async function privatePostgres(): Promise<{ url: string; stop: () => void; start: () => void; destroy: () => void }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-pg-'));
  fs.chmodSync(dir, 0o777);
  const pgdata = path.join(dir, 'data');
  const script = path.resolve(import.meta.dirname, '../../scripts/ci-postgres.sh');
  const env = { ...process.env, PGTEST_DIR: pgdata, PGTEST_PORT: String(port) };
  const start = () => execFileSync('sh', [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  start();
  const pgbin = fs.readdirSync('/usr/lib/postgresql').sort().map((v) => `/usr/lib/postgresql/${v}/bin`).pop()!;
  const ctl = (args: string) => {
    const cmd = `${pgbin}/pg_ctl -D ${pgdata} ${args}`;
    try {
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'ignore' });
    } catch {
      execFileSync('sh', ['-c', cmd], { stdio: 'ignore' });
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => ctl('-m immediate -w stop'),
    start,
    destroy: () => {
      try {
        ctl('-m immediate -w stop');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds a GET takes; status 0 when it did not answer within `timeoutMs`. */
export async function timedGet(url: string, timeoutMs = 10_000, headers: Record<string, string> = {}): Promise<{ status: number; ms: number; body: string }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual', headers });
    const body = await res.text();
    return { status: res.status, ms: Math.round(performance.now() - t0), body };
  } catch {
    return { status: 0, ms: Math.round(performance.now() - t0), body: '' };
  }
}
