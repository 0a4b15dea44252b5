import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@/db/client';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { startServer, type RunningServer } from './helpers';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * A studio upload streams: a 30 MB photo sent to POST /api/admin/weddings/{id}/photos goes to a temporary file and
 * into storage without being held in the web server's memory, and its processing runs in the worker process. The
 * server's resident memory is sampled (/proc) all through the upload; the bound is generous (a buffered upload holds
 * the body at least twice: ≥ 60 MB) — bench/studio-upload.ts reports the measured growth.
 */

const ADMIN = { email: 'pamet@example.cz', password: 'Pamet-Studio-2026!' };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-upload-memory-'));
let server: RunningServer;
let auth: Record<string, string> = {};

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** A valid JPEG padded after its end marker to `bytes` (the header is what the server checks; the size is the point). */
async function jpegOf(bytes: number, seed: number): Promise<Buffer> {
  const small = await makeTestJpeg({ width: 1200, height: 800, seed });
  return Buffer.concat([small, Buffer.alloc(bytes - small.length, seed)]);
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  server = await startServer({ AUTH_EMAIL_CONFIRMATION: 'false' }, { dataDir });
  const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
  auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('studio upload memory', () => {
  it('a 30 MB upload raises the web server’s RSS by far less than the file', async () => {
    const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'Paměť & Proud', date: '2026-05-05', location: 'Brno' }) });
    const { id } = (await created.json()) as { id: string };
    const send = async (body: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), name);
      return fetch(`${server.url}/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: form });
    };
    // Warm-up: the route, the multipart parser and sharp are loaded by a first, small upload.
    expect((await send(await jpegOf(2 * 1024 * 1024, 1), 'zahrati.jpg')).status).toBe(202);
    const big = await jpegOf(30 * 1024 * 1024, 2);
    const pid = server.proc.pid!;
    const before = rssMb(pid);
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    try {
      const res = await send(big, 'velka.jpg');
      expect(res.status).toBe(202);
    } finally {
      clearInterval(timer);
    }
    peak = Math.max(peak, rssMb(pid));
    expect(peak - before, `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`).toBeLessThan(30);
  });
});
