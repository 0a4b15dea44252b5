/**
 * The deployment of deploy/: Debian's Caddy on loopback (plain HTTP, the same reverse_proxy block as
 * deploy/Caddyfile) in front of `npm start` with TRUST_PROXY=1. Through Caddy: the per-client limits see the address
 * Caddy saw (a forged X-Forwarded-For changes nothing, another client keeps its own budget), the security headers
 * arrive, public pages are answered from the render cache, an admin photo upload arrives whole and is processed,
 * and GET /api/metrics counts it all behind its token. Then `npm run backup` runs against the live server (the
 * database copy comes over the local backup channel) and the admin dashboard shows the result.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { openDb } from '@/db/client';
import { backupPaths } from '@/operations/layout';
import { KEEP_ALIVE_TIMEOUT_MS } from '@/platform/keep-alive.mjs';
import { readStatus, writeStatus } from '@/operations/status';
import { makeTestJpeg } from '../fixtures/studio-images';
import { expectNoAxeViolations, freePort, launchBrowser, newDataDir, newQuietContext, type RunningServer, startServer } from './harness';

const ADMIN = { email: 'anna@example.cz', password: 'Fotky-Svatba-2026!' };
const METRICS_TOKEN = 'metriky-jen-pro-provoz-0123456789';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-caddy-'));
let server: RunningServer;
let caddy: ChildProcess;
let caddyOut = '';
let proxyPort = 0;

function viaCaddy(pathname: string, opts: { method?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
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

/** A block of the site in deploy/Caddyfile, as written there (braces counted), so the test runs the deployed proxy settings. */
function deployedBlock(directive: string): string {
  const text = fs.readFileSync(path.join(import.meta.dirname, '../../deploy/Caddyfile'), 'utf8');
  const start = text.indexOf(`\t${directive} `);
  if (start < 0) throw new Error(`deploy/Caddyfile has no ${directive} block`);
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start + 1, i + 1);
  }
  throw new Error(`deploy/Caddyfile: the ${directive} block is not closed`);
}

beforeAll(async () => {
  const dataDir = newDataDir(tmp);
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  server = await startServer({ TRUST_PROXY: '1', AUTH_RATE_LIMIT: '3', METRICS_TOKEN }, { dataDir });
  proxyPort = await freePort();
  const caddyfile = path.join(tmp, 'Caddyfile');
  fs.writeFileSync(
    caddyfile,
    `{
	admin off
	auto_https off
	storage file_system ${path.join(tmp, 'caddy-data')}
}
http://127.0.0.1:${proxyPort} {
	${deployedBlock('reverse_proxy').replace('127.0.0.1:3000', `127.0.0.1:${server.port}`)}
	${deployedBlock('request_body')}
}
`,
  );
  caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: tmp, XDG_DATA_HOME: path.join(tmp, 'xdg-data'), XDG_CONFIG_HOME: path.join(tmp, 'xdg-config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (d: Buffer) => (caddyOut += d.toString()));
  caddy.stderr?.on('data', (d: Buffer) => (caddyOut += d.toString()));
  // Ready when Caddy answers with the app's health (polled, as the harness waits for the server).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`Caddy exited (${caddy.exitCode}): ${caddyOut}`);
    if ((await viaCaddy('/api/health').catch(() => ({ status: 0 }))).status === 200) break;
    if (Date.now() > deadline) throw new Error(`Caddy did not answer in time: ${caddyOut}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy.once('exit', r));
    caddy.kill('SIGTERM');
    await exited;
  }
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm start behind Caddy (TRUST_PROXY=1)', () => {
  it('the limits see the address Caddy saw: a forged X-Forwarded-For does not help, another client has its own budget', async () => {
    const wrong = (n: number, from: string, headers: Record<string, string> = {}) =>
      viaCaddy('/api/auth/local', { from, headers, body: { identifier: `nikdo${from}-${n}@example.cz`, password: 'spatne-heslo-1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await wrong(i, '127.0.0.2', { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    expect((await wrong(0, '127.0.0.3')).status).toBe(400);
  });

  it('pages arrive with the security headers, and public pages come from the render cache', async () => {
    const first = await viaCaddy('/cenik');
    expect(first.status).toBe(200);
    const second = await viaCaddy('/cenik');
    expect(second.status).toBe(200);
    expect(second.headers['x-nextjs-cache']).toBe('HIT');
    for (const res of [first, second]) {
      expect(res.headers['content-security-policy']).toMatch(/script-src/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(second.body).toBe(first.body);
    // Once Next has served a HIT, server.mjs answers the next one itself (decision 050), with the same headers.
    const third = await viaCaddy('/cenik');
    expect(third.headers['x-nextjs-cache']).toBe('HIT');
    expect(third.headers['content-security-policy']).toBe(second.headers['content-security-policy']);
  });

  it('idle connections: Caddy drops its idle upstream connections before the app closes them', async () => {
    const caddyKeepAlive = Number(/keepalive (\d+)s/.exec(deployedBlock('reverse_proxy'))?.[1]);
    expect(caddyKeepAlive * 1000).toBeGreaterThan(0);
    expect(caddyKeepAlive * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
    // The app really keeps an idle connection open past Node's default of 5 s: after 6 s of silence the next request
    // goes over the same socket. (The wait is the condition under test: how long an idle connection lives.)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: server.port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('an admin photo upload passes through whole and is processed and served', async () => {
    const base = `http://127.0.0.1:${proxyPort}`;
    const login = await fetch(`${base}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    const created = await fetch(`${base}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'Za Proxy', date: '2026-07-07', location: 'Olomouc' }) });
    expect(created.ok).toBe(true);
    const wedding = (await created.json()) as { id: string };
    const jpeg = await makeTestJpeg({ width: 2400, height: 1600, seed: 4242 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'velka.jpg');
    const up = await fetch(`${base}/api/admin/weddings/${wedding.id}/photos`, { method: 'POST', headers: auth, body: form });
    expect(up.status).toBe(202);
    const { id } = (await up.json()) as { id: string };
    const status = async () => ((await (await fetch(`${base}/api/admin/weddings/${wedding.id}`, { headers: auth })).json()) as { photos: { id: string; status: string }[] }).photos.find((p) => p.id === id)?.status;
    await expect.poll(status, { timeout: 120_000, interval: 500 }).toBe('ready');
    const original = fs.readFileSync(path.join(server.dataDir, 'uploads', 'photos', id, 'original'));
    expect(original.equals(jpeg)).toBe(true);
    // The wedding is a draft: its photo is served to the admin's preview only.
    expect((await fetch(`${base}/api/photos/${id}/384`, { headers: { accept: 'image/webp' } })).status).toBe(404);
    const variant = await fetch(`${base}/api/photos/${id}/384`, { headers: { ...auth, accept: 'image/webp' } });
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
  }, 180_000);

  it('GET /api/metrics answers only with its token, in Prometheus format, counting what happened', async () => {
    expect((await viaCaddy('/api/metrics')).status).toBe(401);
    expect((await viaCaddy('/api/metrics', { headers: { authorization: 'Bearer spatny-token-0123456789' } })).status).toBe(401);
    const res = await viaCaddy('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const value = (line: RegExp) => Number(res.body.split('\n').find((l) => line.test(l))?.split(' ').pop());
    // A label value appears once counted: a missing line is zero hits that way.
    const hits = (by: string) => (res.body.includes(`render_cache_hits_total{by="${by}"}`) ? value(new RegExp(`^render_cache_hits_total\\{by="${by}"\\} `)) : 0);
    expect(hits('next') + hits('fast-path')).toBeGreaterThanOrEqual(2);
    expect(value(/^http_requests_total\{group="pages",status="2xx"\} /)).toBeGreaterThanOrEqual(2);
    expect(value(/^http_requests_total\{group="api",status="4xx"\} /)).toBeGreaterThanOrEqual(5);
    expect(value(/^http_request_duration_seconds_count\{group="pages"\} /)).toBeGreaterThanOrEqual(2);
    expect(value(/^photo_queue_length /)).toBe(0);
    expect(value(/^database_size_bytes /)).toBeGreaterThan(1_000_000);
    expect(value(/^backup_last_success_age_seconds /)).toBe(-1);
    expect(res.body).toMatch(/^mail_outbox_messages\{status="pending"\} \d+$/m);
  });

  it('npm run backup while the server runs; the dashboard card shows the backup, and a failed one as a warning (phone and desktop, axe-clean)', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const { stdout, stderr } = await promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/backup.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    expect(stderr).toContain('Záloha hotová');
    const archive = stdout.trim();
    expect(archive.startsWith(path.join(server.dataDir, 'backups', 'archives', 'backup-'))).toBe(true);
    expect(fs.statSync(archive).size).toBeGreaterThan(100_000);
    // The server answered the channel, and the site kept serving.
    expect((await viaCaddy('/api/health')).status).toBe(200);
    // The channel's token is readable by the server's user only.
    expect(fs.statSync(path.join(server.dataDir, 'run', 'control.json')).mode & 0o777).toBe(0o600);
    // Restoring over the folder of a running server is refused, even with --force, and changes nothing.
    const over = await promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/restore.ts', archive, '--data-dir', server.dataDir, '--force'], { cwd: root }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(over).toMatchObject({ code: 2 });
    expect((over as { stderr: string }).stderr).toContain('právě běží server');
    expect((await viaCaddy('/api/health')).status).toBe(200);

    const base = `http://127.0.0.1:${proxyPort}`;
    const login = await fetch(`${base}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const jwt = ((await login.json()) as { jwt: string }).jwt;
    const browser = await launchBrowser();
    try {
      for (const device of ['desktop', 'phone'] as const) {
        const ctx = await newQuietContext(browser, base, device);
        await ctx.addCookies([{ name: 'strapi_jwt', value: jwt, url: base, httpOnly: true, sameSite: 'Lax' }]);
        const page = await ctx.newPage();
        const res = await page.goto(`${base}/admin`);
        expect(res?.status()).toBe(200);
        const card = page.getByTestId('backup-card');
        await expect.poll(() => card.textContent()).toContain('Poslední úspěšná záloha');
        expect(await card.textContent()).toContain('Automatické zálohy nejsou nastavené');
        expect(await card.getByRole('alert').count()).toBe(0);
        await expectNoAxeViolations(page);
        await ctx.close();
      }
      // A failed attempt: the card warns her in Czech (an alert), axe-clean on the phone and the desktop.
      const statusFile = backupPaths(server.dataDir).status;
      const good = readStatus(statusFile);
      writeStatus(statusFile, { ...good, lastAttempt: { at: new Date().toISOString(), ok: false, error: 'Disk pro zálohy je plný.', durationMs: 1200 } });
      try {
        for (const device of ['phone', 'desktop'] as const) {
          const ctx = await newQuietContext(browser, base, device);
          await ctx.addCookies([{ name: 'strapi_jwt', value: jwt, url: base, httpOnly: true, sameSite: 'Lax' }]);
          const page = await ctx.newPage();
          await page.goto(`${base}/admin`);
          const alert = page.getByTestId('backup-card').getByRole('alert');
          await expect.poll(() => alert.textContent()).toBe('Poslední záloha selhala: Disk pro zálohy je plný.');
          await expectNoAxeViolations(page);
          await ctx.close();
        }
      } finally {
        writeStatus(statusFile, good);
      }
    } finally {
      await browser.close();
    }
    const metrics = await viaCaddy('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/^backup_last_attempt_ok 1$/m);
  }, 300_000);
});
