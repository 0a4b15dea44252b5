/**
 * The gallery ZIP through the production server (docs/decisions/098-gallery-zip-known-crc.md,
 * 100-gallery-zip-written-by-the-server.md): a published gallery of GALLERY_ZIP_HTTP_MB (default 5120, the budget's
 * 5 GB) in 20 MB photos, stored and marked ready as the photo worker leaves them (the download file and its CRC-32),
 * on PGlite in a fresh DATA_DIR. Measured in one run, downloads by `curl`:
 *   1. `cat` of the stored download files (the reference) against whole-archive downloads over HTTP, alternating
 *      GALLERY_ZIP_HTTP_ROUNDS times (default 3; medians compared), and the server's RSS growth during each
 *      download (budget: ≥ 0.8× `cat`, ≤ 50 MB — the largest growth of the rounds). A second reference in the same
 *      rounds: the same files from a static file server (caddy's file_server, which sends files with sendfile,
 *      no copy in its process) by one `curl` over one kept-alive connection — what loopback HTTP and `curl` cost
 *      on this machine whatever the server;
 *   2. a resume of the last 100 MB with `Range`;
 *   3. public pages' p50/p99 (4 sequential clients on /, /portfolio, /sluzby) idle, then while 5 whole-archive
 *      downloads run in parallel (budget: p99 ≤ 200 ms).
 * Run: `npx tsx --conditions=react-server bench/gallery-zip-http.ts`. Writes bench/results/gallery-zip-http.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { openDb } from '../src/db/client';
import { photos as photosTable } from '../src/db/schema';
import { createLocalStorage } from '../src/platform/storage/local';
import { variantKeyOf } from '../src/photos/keys';
import { addGalleryPhotoFromFile, createGallery } from '../src/galleries/public.server';
import { updateGallery } from '../src/galleries/admin.server';
import { makeTestJpeg } from '../tests/fixtures/studio-images';
import { budget, printBudgets } from './lib/budgets';
import { machineInfo } from './lib/machine';
import { writeResult } from './lib/results';
import { percentile, sampleRss, startServer } from './lib/server';

const totalMb = Number(process.env.GALLERY_ZIP_HTTP_MB ?? 5120);
const rounds = Number(process.env.GALLERY_ZIP_HTTP_ROUNDS ?? 3);
const fileMb = 20;
const idleSeconds = 10;

function curl(url: string, cookie: string, range?: string): Promise<{ ms: number; bytes: number; status: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const argv = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download}', '-H', `cookie: ${cookie}`, ...(range ? ['-r', range] : []), url];
    const child = spawn('curl', argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`curl exited ${code}`));
      const [status, bytes] = out.trim().split(' ').map(Number);
      resolve({ ms: performance.now() - start, bytes: bytes!, status: status! });
    });
  });
}

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-zip-http-'));
  const dataDir = path.join(scratch, 'data');
  fs.mkdirSync(dataDir);
  const handle = await openDb({ url: path.join(dataDir, 'pglite') });
  const deps = { db: handle.db, storage: createLocalStorage(path.join(dataDir, 'uploads')) };
  const created = await createGallery(deps, { title: 'Bench ZIP' });
  const base = await makeTestJpeg({ width: 640, height: 427, seed: 7 });
  const downloads: string[] = [];
  for (let i = 0; i < Math.ceil(totalMb / fileMb); i++) {
    const file = path.join(scratch, `DSC_${1000 + i}.jpg`);
    fs.writeFileSync(file, Buffer.concat([base, crypto.randomBytes(fileMb * 1048576 - base.length)]));
    const added = await addGalleryPhotoFromFile(deps, created.id, { filePath: file, fileName: path.basename(file) });
    // What the worker leaves: the download file in storage, the row ready with its size and CRC-32.
    await deps.storage.putFile(variantKeyOf(added.id, 'original'), file, 'image/jpeg');
    const bytes = fs.readFileSync(file);
    await deps.db
      .update(photosTable)
      .set({ status: 'ready', width: 640, height: 427, downloadBytes: bytes.length, downloadCrc32: zlib.crc32(bytes), webBytes: bytes.length, processedAt: new Date() })
      .where(eq(photosTable.id, added.id));
    downloads.push(path.join(dataDir, 'uploads', ...variantKeyOf(added.id, 'original').split('/')));
    fs.rmSync(file);
  }
  await updateGallery(deps, created.id, { published: true, downloads: 'original', zip: true });
  await handle.close();

  const server = await startServer({}, { dataDir });
  try {
    const access = await fetch(`${server.url}/api/galleries/${created.slug}/access`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: created.code }) });
    if (access.status !== 200) throw new Error(`access: ${access.status} ${await access.text()}`);
    const cookie = (access.headers.get('set-cookie') ?? '').split(';')[0]!;
    const zipUrl = `${server.url}/api/galleries/${created.slug}/download`;

    const cat = () => {
      const start = performance.now();
      spawnSync('sh', ['-c', `cat ${downloads.map((f) => `'${f}'`).join(' ')} > /dev/null`]);
      return performance.now() - start;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // The static reference: caddy serving the storage folder, one curl fetching every download file in turn.
    const caddyPort = 20000 + Math.floor(Math.random() * 20000);
    const uploads = path.join(dataDir, 'uploads');
    const caddy = spawn('caddy', ['file-server', '--root', uploads, '--listen', `127.0.0.1:${caddyPort}`], { stdio: 'ignore' });
    process.once('exit', () => caddy.kill());
    const curlConfig = path.join(scratch, 'static.curl');
    fs.writeFileSync(curlConfig, downloads.map((f) => `url = "http://127.0.0.1:${caddyPort}/${path.relative(uploads, f)}"\noutput = "/dev/null"\n`).join(''));
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${caddyPort}/${path.relative(uploads, downloads[0]!)}`, { method: 'HEAD' }).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 100) throw new Error('caddy did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const staticServer = () => {
      const start = performance.now();
      const run = spawnSync('curl', ['-s', '--fail', '-K', curlConfig]);
      if (run.status !== 0) throw new Error(`static curl exited ${run.status}`);
      return performance.now() - start;
    };
    cat(); // warm the page cache for both alike
    const catRuns: number[] = [];
    const httpRuns: number[] = [];
    const rssGrowth: number[] = [];
    const staticRuns: number[] = [];
    let one = { ms: 0, bytes: 0, status: 0 };
    for (let r = 0; r < rounds; r++) {
      catRuns.push(cat());
      const rss = sampleRss(server.proc.pid!, 50);
      one = await curl(zipUrl, cookie);
      const rssSamples = rss.stop();
      if (one.status !== 200) throw new Error(`download: ${one.status}`);
      httpRuns.push(one.ms);
      rssGrowth.push(Math.max(...rssSamples) - rssSamples[0]!);
      staticRuns.push(staticServer());
    }
    caddy.kill();
    const resume = await curl(zipUrl, cookie, `${one.bytes - 100 * 1048576}-`);

    const paths = ['/', '/portfolio', '/sluzby'];
    for (let i = 0; i < 3; i++) {
      // A kept-alive socket the server closed while idle fails once; the next request opens a new one.
      for (const p of paths) await (await fetch(server.url + p).catch(() => fetch(server.url + p))).arrayBuffer();
    }
    const measure = async (until: Promise<unknown>): Promise<number[]> => {
      const latencies: number[] = [];
      let stop = false;
      void until.finally(() => (stop = true));
      await Promise.all(
        [0, 1, 2, 3].map(async (k) => {
          for (let n = k; !stop; n++) {
            const t = performance.now();
            await (await fetch(server.url + paths[n % paths.length])).arrayBuffer();
            latencies.push(performance.now() - t);
          }
        }),
      );
      return latencies;
    };
    const idle = await measure(new Promise((r) => setTimeout(r, idleSeconds * 1000)));
    const parallelStart = performance.now();
    const five = Promise.all(Array.from({ length: 5 }, () => curl(zipUrl, cookie)));
    const during = await measure(five);
    const fiveDone = await five;
    const parallelMs = performance.now() - parallelStart;

    const mb = one.bytes / 1048576;
    const catRef = median(catRuns);
    const httpRef = median(httpRuns);
    const result = {
      dataMB: Math.round(totalMb),
      files: downloads.length,
      zipBytes: one.bytes,
      loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
      rounds,
      catMs: catRuns.map(Math.round),
      httpZipMs: httpRuns.map(Math.round),
      catMBps: Math.round(mb / (catRef / 1000)),
      httpZipMBps: Math.round(mb / (httpRef / 1000)),
      speedVsCat: Number((catRef / httpRef).toFixed(2)),
      staticServerMs: staticRuns.map(Math.round),
      staticServerMBps: Math.round(mb / (median(staticRuns) / 1000)),
      speedVsStaticServer: Number((median(staticRuns) / httpRef).toFixed(2)),
      serverRssGrowthMB: Number(Math.max(...rssGrowth).toFixed(1)),
      serverRssGrowthPerRoundMB: rssGrowth.map((g) => Number(g.toFixed(1))),
      resumeLast100MB: { ms: Math.round(resume.ms), status: resume.status, bytes: resume.bytes },
      fiveParallel: { seconds: Number((parallelMs / 1000).toFixed(1)), aggregateMBps: Math.round((5 * mb) / (parallelMs / 1000)), allComplete: fiveDone.every((d) => d.status === 200 && d.bytes === one.bytes) },
      pagesIdle: { requests: idle.length, p50Ms: Math.round(percentile(idle, 50)), p99Ms: Math.round(percentile(idle, 99)) },
      pagesDuringFiveDownloads: { requests: during.length, p50Ms: Math.round(percentile(during, 50)), p99Ms: Math.round(percentile(during, 99)) },
      note: 'curl over loopback against the production server (PGlite, local storage); cat of the same files > /dev/null alternating with the downloads, medians compared; the client and server share the 2 cores',
    };
    const budgets = [
      budget('gallery ZIP over HTTP vs cat of the same files', result.speedVsCat, '>=', 0.8, '×', `${result.httpZipMBps} vs ${result.catMBps} MB/s; the same files from a static file server (caddy, sendfile) over the same loopback: ${result.staticServerMBps} MB/s (the ZIP ${result.speedVsStaticServer}× of it)`),
      budget('gallery ZIP: server RSS growth during a whole download', result.serverRssGrowthMB, '<=', 50, ' MB'),
      budget('public page p99 during 5 parallel ZIP downloads', result.pagesDuringFiveDownloads.p99Ms, '<=', 200, ' ms', `idle reference in the same run: p99 ${result.pagesIdle.p99Ms} ms`),
    ];
    const [l1] = os.loadavg();
    printBudgets('Gallery ZIP over HTTP', budgets);
    console.log(writeResult('gallery-zip-http', { benchmark: `Gallery ZIP through the server (${Math.round(totalMb / 1024)} GB, curl)`, machine: machineInfo(), notes: l1 > 1 ? [`The 1-minute load average was ${l1.toFixed(2)} at the end.`] : [], budgets, data: result }));
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
