/**
 * `npm run bench:studio`: the admin studio's photo pipeline.
 *   1. Processing one 24-megapixel JPEG into every variant (AVIF/WebP/JPEG × widths + blur): seconds and peak RSS,
 *      in this process (sharp is the same code the server runs).
 *   2. A production server processing 100 uploaded photos while public pages are requested: p50/p99 latency of
 *      /, /portfolio and a wedding page during processing (budget: p99 < 200 ms), and how long the queue took.
 * Results → bench/results/studio.json.
 *
 *   npm run bench:studio -- --photos=100 --mp=12 --runs=3 --window=60   (tsx --conditions=react-server: the app modules are server-only)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../src/db/client';
import { createOrPromoteAdmin } from '../src/accounts/admin';
import { processPhoto } from '../src/content/studio/pipeline';
import { makeTestJpeg } from '../tests/fixtures/studio-images';
import { budget, printBudgets } from './lib/budgets';
import { machineInfo } from './lib/machine';
import { writeResult } from './lib/results';
import { median, percentile, startServer } from './lib/server';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const photos = Number(args.get('photos') ?? 100);
const mp = Number(args.get('mp') ?? 12);
const runs = Number(args.get('runs') ?? 3);
/** Seconds public pages are measured while the queue works (the queue is not waited for to the end). */
const windowSeconds = Number(args.get('window') ?? 60);
const ADMIN = { email: 'bench@example.cz', password: 'Bench-Studio-2026!' };

async function processing24mp() {
  const jpeg = await makeTestJpeg({ width: 6000, height: 4000, orientation: 6, gps: true, seed: 24 });
  const seconds: number[] = [];
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const baseline = process.memoryUsage().rss;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const out = await processPhoto(jpeg);
    seconds.push((performance.now() - t) / 1000);
    if (out.variants.length !== 12) throw new Error(`expected 12 variants, got ${out.variants.length}`);
  }
  clearInterval(timer);
  return { inputBytes: jpeg.length, megapixels: 24, runs: seconds.map((s) => Number(s.toFixed(2))), medianSeconds: Number(median(seconds).toFixed(2)), peakRssMb: Math.round(peak / 1e6), baselineRssMb: Math.round(baseline / 1e6) };
}

async function serverUnderProcessing() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-studio-'));
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  const server = await startServer({}, { dataDir });
  try {
    const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'Bench Pár', date: '2026-06-06', location: 'Praha' }) });
    const { id } = (await created.json()) as { id: string };
    const width = Math.round(Math.sqrt((mp * 1e6 * 3) / 2));
    const height = Math.round((width * 2) / 3);
    const uploadStarted = performance.now();
    for (let i = 0; i < photos; i++) {
      const body = await makeTestJpeg({ width, height, gps: true, seed: 1000 + i });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), `bench-${i}.jpg`);
      const res = await fetch(`${server.url}/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 202) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
    }
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const status = async () => ((await (await fetch(`${server.url}/api/admin/weddings/${id}`, { headers: auth })).json()) as { photos: { status: string }[] }).photos;
    // Public pages while the queue works: 4 sequential clients.
    const paths = ['/', '/portfolio', '/weddings/tereza-jakub'];
    const latencies: number[] = [];
    let stop = false;
    const client = async (k: number) => {
      for (let n = k; !stop; n++) {
        const t = performance.now();
        const r = await fetch(server.url + paths[n % paths.length]);
        await r.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    };
    const measureStarted = performance.now();
    const before = (await status()).filter((p) => p.status !== 'processing').length;
    const clients = [0, 1, 2, 3].map(client);
    await new Promise((r) => setTimeout(r, windowSeconds * 1000));
    stop = true;
    await Promise.all(clients);
    const after = (await status()).filter((p) => p.status !== 'processing').length;
    const ready = after - before;
    return {
      photos,
      megapixels: mp,
      uploadSeconds: Number(uploadSeconds.toFixed(1)),
      windowSeconds,
      /** Photos still queued when the window opened, and how many of them the queue finished during it. */
      queuedAtWindowStart: photos - before,
      processedDuringWindow: ready,
      photosPerMinute: Number(((ready * 60) / ((performance.now() - measureStarted) / 1000)).toFixed(1)),
      requests: latencies.length,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const one = await processing24mp();
console.log('24 MP JPEG →', one);
const busy = await serverUnderProcessing();
console.log('server while processing →', busy);
const budgets = [
  budget('studio: public page p99 while photos process', busy.p99Ms, '<=', 200, ' ms'),
];
printBudgets('Studio', budgets);
const notes = os.loadavg()[0] > 1 ? [`load average ${os.loadavg()[0].toFixed(2)} at the end (other work on the box)`] : [];
console.log(writeResult('studio', { benchmark: 'studio', machine: machineInfo(), notes, budgets, data: { processing24mp: one, serverWhileProcessing: busy } }));
