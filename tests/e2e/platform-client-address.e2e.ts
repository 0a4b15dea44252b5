/**
 * The client address cannot be forged, against the real production entry point (server.mjs):
 * per-client limits hold whatever X-Forwarded-For / x-client-address a client sends, real different clients
 * (sockets bound to different loopback addresses — all of 127.0.0.0/8 is this machine) keep their own budgets,
 * TRUST_PROXY=N and TRUST_PROXY=<list> trust exactly the configured proxies, the per-account sign-in back-off
 * holds against a client that rotates addresses, and a bare `next start` refuses to run.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from './harness';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from a chosen local (source) address. */
export function send(
  server: RunningServer,
  pathname: string,
  opts: { method?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: pathname,
        method: opts.method ?? (payload ? 'POST' : 'GET'),
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}), ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let seq = 0;
/** A wrong sign-in for a fresh identifier each time, so only the per-address limit can answer 429. */
function wrongSignIn(server: RunningServer, opts: { headers?: Record<string, string>; from?: string } = {}) {
  seq += 1;
  return send(server, '/api/auth/local', { body: { identifier: `nikdo${seq}@example.cz`, password: 'spatne-heslo-1' }, ...opts });
}

describe('TRUST_PROXY unset: the socket address only', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT: '5', AUTH_EMAIL_CONFIRMATION: 'false' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('8 wrong sign-ins, each with a different forged X-Forwarded-For, x-client-address and X-Real-IP, hit 429', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const forged = `203.0.113.${i}`;
      const res = await wrongSignIn(server, { from: '127.0.0.2', headers: { 'x-forwarded-for': forged, 'x-client-address': forged, 'x-real-ip': forged } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    // Another real client (another source address) has its own budget: the address is not one shared bucket.
    expect((await wrongSignIn(server, { from: '127.0.0.3' })).status).toBe(400);
  });

  it('the per-account back-off stops a guesser who rotates real addresses, and is not permanent', async () => {
    const email = `anna.${Date.now()}@example.cz`;
    const reg = await send(server, '/api/auth/local/register', { from: '127.0.0.20', body: { username: email, email, password: 'Spravne-heslo-123' } });
    expect(reg.status, reg.body).toBe(200);
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 7; i++) {
      const res = await send(server, '/api/auth/local', { from: `127.0.1.${i + 1}`, body: { identifier: email.toUpperCase(), password: `hadam-${i}-heslo` } });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = Number(res.headers['retry-after']);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // While the back-off runs, not even the right password is checked — from yet another address.
    const right = await send(server, '/api/auth/local', { from: '127.0.1.50', body: { identifier: email, password: 'Spravne-heslo-123' } });
    expect(right.status).toBe(429);
    // Other accounts are not affected.
    expect((await wrongSignIn(server, { from: '127.0.1.51' })).status).toBe(400);
  });
});

describe('TRUST_PROXY=1: exactly one proxy in front', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT: '5', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('takes the address the proxy appended and ignores whatever the client put before it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await wrongSignIn(server, { headers: { 'x-forwarded-for': `10.9.9.${i}, 198.51.100.7`, 'x-client-address': `10.8.8.${i}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    expect((await wrongSignIn(server, { headers: { 'x-forwarded-for': '198.51.100.8' } })).status).toBe(400);
  });
});

describe('TRUST_PROXY=<list>: only the listed proxies are believed', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT: '5', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('honours X-Forwarded-For from a listed proxy, walking past listed hops', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await wrongSignIn(server, { headers: { 'x-forwarded-for': `6.6.6.${i}, 198.51.100.20, 10.1.1.1` } })).status).toBe(400);
    }
    expect((await wrongSignIn(server, { headers: { 'x-forwarded-for': '198.51.100.20' } })).status).toBe(429);
    expect((await wrongSignIn(server, { headers: { 'x-forwarded-for': '198.51.100.21' } })).status).toBe(400);
  });

  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      statuses.push((await wrongSignIn(server, { from: '127.0.0.9', headers: { 'x-forwarded-for': `198.51.100.${100 + i}` } })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});

describe('a bare `next start`', () => {
  it('refuses to run in production, where it could not tell the client address', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const port = await freePort();
    const proc = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(out).toContain('npm start');
  });
});
