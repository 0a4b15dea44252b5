/**
 * `npm run bench:studio-upload`: what a studio upload costs the web server's memory. A production server (PGlite) takes
 * `--mb` MB photos (default 30) through POST /api/admin/weddings/{id}/photos, `--runs` times after a small warm-up
 * upload; the server's resident memory (Linux /proc VmRSS) is sampled every 10 ms. Reported: RSS before, the peak
 * during each upload and the growth, against the size of the file (a buffered upload grows by at least twice that).
 * Results → bench/results/studio-upload.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../src/db/client';
import { createOrPromoteAdmin } from '../src/accounts/admin';
import { makeTestJpeg } from '../tests/fixtures/studio-images';
import { budget, printBudgets } from './lib/budgets';
import { machineInfo } from './lib/machine';
import { writeResult } from './lib/results';
import { median, startServer } from './lib/server';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const mb = Number(args.get('mb') ?? 30);
const runs = Number(args.get('runs') ?? 3);
const ADMIN = { email: 'bench-upload@example.cz', password: 'Bench-Upload-2026!' };

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function jpegOf(bytes: number, seed: number): Promise<Buffer> {
  const small = await makeTestJpeg({ width: 1200, height: 800, seed });
  return Buffer.concat([small, Buffer.alloc(bytes - small.length, seed)]);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
const handle = await openDb({ url: path.join(dataDir, 'pglite') });
await createOrPromoteAdmin(handle.db, ADMIN);
await handle.close();
const server = await startServer({}, { dataDir });
try {
  const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
  const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
  const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'Bench Upload', date: '2026-05-05', location: 'Brno' }) });
  const { id } = (await created.json()) as { id: string };
  const send = async (body: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), name);
    const res = await fetch(`${server.url}/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  };
  await send(await jpegOf(2 * 1024 * 1024, 100), 'warm-up.jpg');
  const pid = server.proc.pid!;
  const samples: { beforeMb: number; peakMb: number; growthMb: number; seconds: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const body = await jpegOf(mb * 1024 * 1024, i + 1);
    const before = rssMb(pid);
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    const t = performance.now();
    await send(body, `upload-${i}.jpg`);
    clearInterval(timer);
    peak = Math.max(peak, rssMb(pid));
    samples.push({ beforeMb: Math.round(before), peakMb: Math.round(peak), growthMb: Number((peak - before).toFixed(1)), seconds: Number(((performance.now() - t) / 1000).toFixed(2)) });
  }
  const growth = median(samples.map((s) => s.growthMb));
  console.log(`studio upload of ${mb} MB: server RSS growth median ${growth} MB (runs: ${samples.map((s) => s.growthMb).join(', ')} MB)`);
  const budgets = [budget(`web server RSS growth during a ${mb} MB studio upload`, growth, '<=', 10, ' MB', 'a few MB: the body streams to disk')];
  printBudgets('Studio upload memory', budgets);
  console.log(writeResult('studio-upload', { benchmark: 'studio-upload', machine: machineInfo(), notes: [], budgets, data: { uploadMb: mb, runs: samples, medianGrowthMb: growth } }));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
