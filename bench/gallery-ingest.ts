/**
 * A wedding delivery coming in: upload throughput through the resumable path against one plain request per file of
 * the same bytes to the same server, then the processing of 24 MP photos by the server's supervised worker — photos
 * per second, the web server's RSS and the worker's beside it, public page p99 meanwhile against the same page idle
 * in the same run, and `sharp`'s decode-only time per photo as the floor. Run:
 * `npx tsx --conditions=react-server bench/gallery-ingest.ts` against the production build
 * (GALLERY_INGEST_UPLOADS, default 100, of GALLERY_INGEST_UPLOAD_MB, default 20; GALLERY_INGEST_PHOTOS, default 300;
 * GALLERY_INGEST_ROUNDS, default 10). Writes bench/results/gallery-ingest.json.
 *
 * Upload: every one of the files goes through `tus-js-client` (as the admin's uploader sends them: three at a time,
 * a creation POST and one PATCH per file) and through the single-request path (`POST
 * /api/admin/galleries/{id}/photos`, multipart, three at a time) — the product has no bare PUT upload, so this is the
 * plain one-request-per-file reference on the same server. The files are split into rounds; each round runs both
 * paths on the same files, the order alternating from round to round so that drift of the (shared) machine hits both.
 * Throughput is all bytes over the summed time of each path; the per-round ratios are recorded beside it. The files
 * are random bytes, so both paths end in the same refusal (not an image) after the last byte arrived and was hashed:
 * what is timed is moving the bytes into the server, not the processing that would follow.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { openDb } from '../src/db/client';
import { createOrPromoteAdmin } from '../src/accounts/admin';
import { budget, printBudgets } from './lib/budgets';
import { runCannon } from './lib/cannon-runner';
import { machineInfo } from './lib/machine';
import { writeResult } from './lib/results';
import { processTree, startServer } from './lib/server';

const uploads = Number(process.env.GALLERY_INGEST_UPLOADS ?? 100);
const uploadMb = Number(process.env.GALLERY_INGEST_UPLOAD_MB ?? 20);
const photoCount = Number(process.env.GALLERY_INGEST_PHOTOS ?? 300);
const rounds = Number(process.env.GALLERY_INGEST_ROUNDS ?? 10);
const PARALLEL = 3;
const ADMIN = { email: 'bench@example.cz', password: 'Bench-Galerie-2026!' };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : 0;
  } catch {
    return 0;
  }
}

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function main(): Promise<void> {
  const machine = machineInfo();
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  await createOrPromoteAdmin(handle.db, ADMIN);
  await handle.close();
  // Upload: random files (written before the server starts), alternating rounds of the two paths.
  const files = Array.from({ length: uploads }, (_, i) => {
    const p = path.join(tmp, `upload-${i}.bin`);
    fs.writeFileSync(p, crypto.randomBytes(uploadMb * 1024 * 1024));
    return p;
  });
  const server = await startServer({}, { dataDir });
  const notes: string[] = [`Load average when the run started: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${os.cpus().length} cores.`];
  try {
    const login = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    const gallery = async (title: string) =>
      ((await (await fetch(`${server.url}/api/admin/galleries`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title }) })).json()) as { id: string }).id;

    // Both galleries now: the files are written synchronously below, and a kept-alive connection the server closes
    // meanwhile would fail the next request.
    const uploadGallery = await gallery('Bench upload');
    const processGallery = await gallery('Bench zpracování');
    const viaTus = (file: string) =>
      new Promise<void>((resolve, reject) => {
        const body = fs.readFileSync(file);
        const u = new tus.Upload(body, {
          endpoint: `${server.url}/api/admin/uploads`,
          headers: auth,
          chunkSize: body.length + 1,
          retryDelays: [],
          metadata: { target: 'gallery', galleryId: uploadGallery, filename: path.basename(file), filetype: 'image/jpeg' },
          // Refused at the end (not an image) — the same in both paths. The tus server answers the refusal of the
          // target's finish hook only once the upload's offset reached its length: every byte was written by then.
          onError: (err) => {
            const res = (err as tus.DetailedError).originalResponse;
            if (res?.getStatus() === 415 && res.getBody().includes('UnsupportedMediaTypeError')) resolve();
            else reject(err);
          },
          onSuccess: () => resolve(),
        });
        u.start();
      });
    const viaMultipart = async (file: string) => {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
      const res = await fetch(`${server.url}/api/admin/galleries/${uploadGallery}/photos`, { method: 'POST', headers: auth, body: form });
      const answer = await res.text();
      if (res.status !== 415 || !answer.includes('UnsupportedMediaTypeError')) throw new Error(`multipart answered ${res.status}`);
    };
    const perRound = Math.max(1, Math.floor(uploads / rounds));
    const tusMs: number[] = [];
    const plainMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const batch = files.slice(r * perRound, (r + 1) * perRound);
      for (const [kind, fn, out] of r % 2 ? ([['plain', viaMultipart, plainMs], ['tus', viaTus, tusMs]] as const) : ([['tus', viaTus, tusMs], ['plain', viaMultipart, plainMs]] as const)) {
        const t = performance.now();
        await pool(batch, PARALLEL, fn);
        out.push(performance.now() - t);
        console.log(`round ${r + 1} ${kind}: ${batch.length} × ${uploadMb} MB in ${Math.round(out[out.length - 1]!)} ms`);
      }
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const totalMb = perRound * rounds * uploadMb;
    const tusMBps = Math.round((totalMb / (sum(tusMs) / 1000)) * 10) / 10;
    const plainMBps = Math.round((totalMb / (sum(plainMs) / 1000)) * 10) / 10;
    const roundRatios = tusMs.map((t, i) => Math.round((plainMs[i]! / t) * 100) / 100);
    notes.push(`Upload: ${perRound * rounds} files of ${uploadMb} MB through each path (${rounds} rounds of ${perRound}, ${PARALLEL} at a time); load average after the upload part: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`);
    for (const f of files) fs.rmSync(f);

    // Processing: distinct 24 MP JPEGs (a comment segment makes each file's bytes unique).
    const base = await sharp(crypto.randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } })
      .resize(6000, 4000, { kernel: 'cubic' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const photoFiles = Array.from({ length: photoCount }, (_, i) => {
      const p = path.join(tmp, `DSC_${1000 + i}.jpg`);
      const comment = Buffer.from(`bench photo ${i}`);
      const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
      fs.writeFileSync(p, Buffer.concat([base.subarray(0, 2), segment, base.subarray(2)]));
      return p;
    });
    const decodeMs: number[] = [];
    for (const f of photoFiles.slice(0, 5)) {
      const t = performance.now();
      await sharp(f).raw().toBuffer();
      decodeMs.push(performance.now() - t);
    }
    const idle = await runCannon({ url: `${server.url}/`, connections: 10, duration: 10 });
    const serverRss: number[] = [];
    const workerRss: number[] = [];
    const sampler = setInterval(() => {
      serverRss.push(rssMb(server.proc.pid!));
      workerRss.push(processTree(server.proc.pid!).slice(1).reduce((s, p) => s + rssMb(p), 0));
    }, 500);
    const started = performance.now();
    await pool(photoFiles, PARALLEL, async (f) => {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(f)], { type: 'image/jpeg' }), path.basename(f));
      const res = await fetch(`${server.url}/api/admin/galleries/${processGallery}/photos`, { method: 'POST', headers: auth, body: form });
      await res.arrayBuffer();
      if (res.status >= 300) throw new Error(`upload of ${f} answered ${res.status}`);
    });
    const uploadedMs = performance.now() - started;
    const busy = runCannon({ url: `${server.url}/`, connections: 10, duration: 20 });
    let ready = 0;
    for (;;) {
      const g = (await (await fetch(`${server.url}/api/admin/galleries/${processGallery}`, { headers: auth })).json()) as { photos: { status: string }[] };
      ready = g.photos.filter((p) => p.status !== 'processing').length;
      if (ready >= photoCount) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const processedMs = performance.now() - started;
    clearInterval(sampler);
    const busyResult = await busy;
    const photosPerS = Math.round((photoCount / (processedMs / 1000)) * 100) / 100;
    const data = {
      upload: {
        filesPerPath: perRound * rounds,
        filesPerRound: perRound,
        fileMb: uploadMb,
        parallel: PARALLEL,
        rounds,
        tusMs: tusMs.map(Math.round),
        plainMs: plainMs.map(Math.round),
        tusMBps,
        plainMBps,
        ratio: Math.round((tusMBps / plainMBps) * 100) / 100,
        roundRatios,
        roundRatioMedian: median(roundRatios),
      },
      processing: {
        photos: photoCount,
        photoMb: Math.round((fs.statSync(photoFiles[0]!).size / 1048576) * 10) / 10,
        uploadedS: Math.round(uploadedMs / 100) / 10,
        allReadyS: Math.round(processedMs / 100) / 10,
        photosPerS,
        minutesFor300: Math.round((300 / photosPerS / 60) * 10) / 10,
        decodeOnlyMsPerPhoto: Math.round(median(decodeMs)),
        serverRssPeakMb: Math.max(...serverRss),
        workerRssPeakMb: Math.round(Math.max(...workerRss) * 10) / 10,
        pageP99IdleMs: idle.latency.p99,
        pageP99DuringMs: busyResult.latency.p99,
      },
    };
    const budgets = [
      budget(
        `resumable upload vs one plain request per file (${data.upload.filesPerPath} × ${uploadMb} MB each path, same server)`,
        data.upload.ratio,
        '>=',
        0.8,
        '×',
        `tus ${tusMBps} MB/s, plain ${plainMBps} MB/s; per-round ratios ${roundRatios.join(', ')}`,
      ),
      budget('photos processed per second (24 MP)', photosPerS, '>=', 0.5, '/s'),
      budget('web server RSS while processing', data.processing.serverRssPeakMb, '<=', 300, ' MB'),
      budget('public page p99 while processing', data.processing.pageP99DuringMs, '<=', 200, ' ms'),
    ];
    printBudgets('Gallery ingest', budgets);
    console.log(JSON.stringify(data, null, 2));
    console.log(writeResult('gallery-ingest', { benchmark: 'Gallery ingest (upload and processing)', machine, notes, budgets, data }));
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
