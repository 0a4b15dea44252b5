/**
 * `npm run bench:studio`: the admin studio's photo pipeline.
 *   1. Processing one 24-megapixel JPEG into every variant (AVIF/WebP/JPEG × widths + blur) by the photo module's
 *      worker process (the one the server supervises): seconds and the worker's peak RSS.
 *   2. A production server processing 100 uploaded photos while public pages are requested: p50/p99 latency of
 *      /, /portfolio and a wedding page during processing (budget: p99 < 200 ms), against the same pages on the same
 *      server before any upload (the reference of this run), and how many answers were rendered instead of cached.
 *   3. A published wedding with 150 photos uploaded and processed through the server, then Lighthouse (mobile) on its
 *      page with the minimal Next page as the floor of this run; the photo <img> tags that are not lazy (≤ 1: the hero).
 * Results → bench/results/studio.json.
 *
 *   npm run bench:studio -- --photos=100 --mp=12 --runs=3 --window=60 --idle=20 --gallery=150 --gallery-mp=3
 *                           --lighthouse-runs=3 --only=processing,server,gallery   (tsx --conditions=react-server: the app modules are server-only)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../src/db/client';
import { createOrPromoteAdmin } from '../src/accounts/admin';
import { createPhotoWorker } from '../src/photos/worker-pool.server';
import { makeTestJpeg } from '../tests/fixtures/studio-images';
import { runLighthouse, type LighthouseFloor } from './lighthouse';
import { budget, printBudgets, type BudgetCheck } from './lib/budgets';
import { startMinimalApp } from './lib/minimal-app';
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
/** Seconds the same public pages are measured on the same server before any upload (the reference of this run). */
const idleSeconds = Number(args.get('idle') ?? 20);
/** Parts to run (default all): processing, server, gallery. */
const only = new Set((args.get('only') ?? 'processing,server,gallery').split(','));
/** Photos of the gallery page measured with Lighthouse, their size, and Lighthouse runs per page. */
const galleryPhotos = Number(args.get('gallery') ?? 150);
const galleryMp = Number(args.get('gallery-mp') ?? 3);
const lighthouseRuns = Number(args.get('lighthouse-runs') ?? 3);
const ADMIN = { email: 'bench@example.cz', password: 'Bench-Studio-2026!' };

/** Peak resident memory of a process so far (Linux VmHWM), in MB; null elsewhere. */
function peakRssMbOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** One 24 MP JPEG into the public variants by the photo module's worker process (what the server runs), per run. */
async function processing24mp() {
  const jpeg = await makeTestJpeg({ width: 6000, height: 4000, orientation: 6, gps: true, seed: 24 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-process-'));
  const input = path.join(dir, 'input.jpg');
  fs.writeFileSync(input, jpeg);
  const worker = createPhotoWorker();
  const seconds: number[] = [];
  let workerPeakMb: number | null = null;
  const baseline = process.memoryUsage().rss;
  try {
    for (let i = 0; i < runs; i++) {
      const outDir = fs.mkdtempSync(path.join(dir, 'out-'));
      const t = performance.now();
      const out = await worker.run({ input, outDir, profile: 'public' });
      seconds.push((performance.now() - t) / 1000);
      if (!out.ok) throw new Error(out.error);
      const files = fs.readdirSync(outDir).length;
      if (files !== 12) throw new Error(`expected 12 variants, got ${files}`);
      workerPeakMb = peakRssMbOf(worker.pid);
    }
  } finally {
    await worker.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { inputBytes: jpeg.length, megapixels: 24, runs: seconds.map((s) => Number(s.toFixed(2))), medianSeconds: Number(median(seconds).toFixed(2)), workerPeakRssMb: workerPeakMb, benchRssMb: Math.round(baseline / 1e6) };
}

/** A production server on a fresh data dir with the bench admin, and that admin's bearer header. */
async function adminServer(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  const server = await startServer({}, { dataDir });
  const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
  const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
  return { server, dataDir, auth };
}

async function serverUnderProcessing() {
  const { server, dataDir, auth } = await adminServer('bench-studio-');
  try {
    const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ couple: 'Bench Pár', date: '2026-06-06', location: 'Praha' }) });
    const { id } = (await created.json()) as { id: string };
    const width = Math.round(Math.sqrt((mp * 1e6 * 3) / 2));
    const height = Math.round((width * 2) / 3);
    // Public pages, 4 sequential clients: first on the idle server (the reference), then while the queue works.
    const paths = ['/', '/portfolio', '/weddings/tereza-jakub'];
    /** Latencies, and how many answers were not served from the render cache (Next's x-nextjs-cache ≠ HIT). */
    const measure = async (seconds: number): Promise<number[] & { rendered: number }> => {
      const latencies: number[] = [];
      let rendered = 0;
      let stop = false;
      const client = async (k: number) => {
        for (let n = k; !stop; n++) {
          const t = performance.now();
          const r = await fetch(server.url + paths[n % paths.length]);
          await r.arrayBuffer();
          latencies.push(performance.now() - t);
          if (r.headers.get('x-nextjs-cache') !== 'HIT') rendered++;
        }
      };
      const clients = [0, 1, 2, 3].map(client);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      stop = true;
      await Promise.all(clients);
      return Object.assign(latencies, { rendered });
    };
    const idle = await measure(idleSeconds);
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
    const measureStarted = performance.now();
    const before = (await status()).filter((p) => p.status !== 'processing').length;
    const latencies = await measure(windowSeconds);
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
      /** Answers rendered instead of served from the render cache (each expiry of the cache costs up to 3). */
      renderedNotCached: latencies.rendered,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      /** The same pages on the same server before any upload, measured in this run (the reference). */
      idle: { seconds: idleSeconds, requests: idle.length, renderedNotCached: idle.rendered, p50Ms: Math.round(percentile(idle, 50)), p99Ms: Math.round(percentile(idle, 99)) },
      p99VsIdle: Number((percentile(latencies, 99) / percentile(idle, 99)).toFixed(2)),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A published wedding with `galleryPhotos` photos uploaded through the API and processed by the server's queue, then
 * Lighthouse (mobile) on its page, with the minimal Next page measured in the same run as the floor. Also counts the
 * images the page's HTML asks to load eagerly (only the first viewport's may).
 */
async function galleryPage() {
  const { server, dataDir, auth } = await adminServer('bench-studio-gallery-');
  try {
    const json = { ...auth, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/admin/weddings`, { method: 'POST', headers: json, body: JSON.stringify({ couple: 'Galerie Sto Padesát', date: '2026-07-07', location: 'Český Krumlov', shortDescription: 'Celý den v 150 fotografiích.' }) });
    const { id, slug } = (await created.json()) as { id: string; slug: string };
    const width = Math.round(Math.sqrt((galleryMp * 1e6 * 3) / 2));
    const height = Math.round((width * 2) / 3);
    const started = performance.now();
    for (let i = 0; i < galleryPhotos; i++) {
      // Every fifth photo a portrait (the camera turned), as in a real selection.
      const body = await makeTestJpeg({ width, height, orientation: i % 5 === 4 ? 6 : 1, gps: true, seed: 5000 + i });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), `svatba-${i + 1}.jpg`);
      const res = await fetch(`${server.url}/api/admin/weddings/${id}/photos`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 202) throw new Error(`gallery upload ${i}: ${res.status} ${await res.text()}`);
      const photo = (await res.json()) as { id: string };
      const alt = await fetch(`${server.url}/api/admin/photos/${photo.id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ alt: `Svatební fotografie ${i + 1}` }) });
      if (!alt.ok) throw new Error(`alt ${i}: ${alt.status}`);
    }
    const uploadSeconds = (performance.now() - started) / 1000;
    const statuses = async () => ((await (await fetch(`${server.url}/api/admin/weddings/${id}`, { headers: auth })).json()) as { photos: { status: string }[] }).photos.map((p) => p.status);
    for (;;) {
      const st = await statuses();
      if (st.includes('failed')) throw new Error('a gallery photo failed to process');
      if (st.every((x) => x === 'ready')) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    const processedSeconds = (performance.now() - started) / 1000;
    const published = await fetch(`${server.url}/api/admin/weddings/${id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ published: true }) });
    if (!published.ok) throw new Error(`publish: ${published.status} ${await published.text()}`);

    const pagePath = `/weddings/${slug}`;
    const html = await (await fetch(server.url + pagePath)).text();
    const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((t) => t.includes('/api/photos/'));
    const eager = imgs.filter((t) => !/loading="lazy"/.test(t));
    const htmlKb = Math.round(Buffer.byteLength(html) / 1024);
    console.log(`gallery: ${galleryPhotos} photos uploaded in ${uploadSeconds.toFixed(0)} s, all processed after ${processedSeconds.toFixed(0)} s; ${imgs.length} photo <img> in the HTML (${htmlKb} KB), ${eager.length} not lazy`);

    const minimal = await startMinimalApp();
    let floor: LighthouseFloor;
    let pages;
    try {
      const [floorPage] = await runLighthouse(minimal.url, [{ name: 'minimal-next', path: '/' }], lighthouseRuns);
      floor = { performance: floorPage.median.scores.performance, lcpMs: floorPage.median.lcpMs };
      pages = await runLighthouse(server.url, [{ name: `wedding with ${galleryPhotos} uploaded photos`, path: pagePath }], lighthouseRuns, console.log, floor);
    } finally {
      await minimal.stop();
    }
    return {
      photos: galleryPhotos,
      megapixels: galleryMp,
      uploadSeconds: Math.round(uploadSeconds),
      processedAfterSeconds: Math.round(processedSeconds),
      path: pagePath,
      photoImgsInHtml: imgs.length,
      htmlKb,
      notLazyImgs: eager.length,
      floor,
      lighthouse: pages[0],
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const one = only.has('processing') ? await processing24mp() : null;
if (one) console.log('24 MP JPEG →', one);
const busy = only.has('server') ? await serverUnderProcessing() : null;
if (busy) console.log('server while processing →', busy);
const gallery = only.has('gallery') ? await galleryPage() : null;
const budgets: BudgetCheck[] = [
  ...(gallery ? [budget(`studio: images not lazy on a wedding page with ${gallery.photos} photos (the hero)`, gallery.notLazyImgs, '<=', 1), ...gallery.lighthouse.budgets] : []),
  ...(busy ? [budget('studio: public page p99 while photos process', busy.p99Ms, '<=', 200, ' ms', `idle reference in the same run: p99 ${busy.idle.p99Ms} ms (×${busy.p99VsIdle})`)] : []),
];
printBudgets('Studio', budgets);
const notes = os.loadavg()[0] > 1 ? [`load average ${os.loadavg()[0].toFixed(2)} at the end (other work on the box)`] : [];
console.log(writeResult('studio', { benchmark: 'studio', machine: machineInfo(), notes, budgets, data: { processing24mp: one, serverWhileProcessing: busy, galleryPage: gallery } }));
