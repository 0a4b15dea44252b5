/**
 * The gallery ZIP against `cat` of the same files (docs/decisions/098-gallery-zip-known-crc.md): throughput ratio
 * and the process's RSS growth while a whole archive streams, plus a resume near the end. Run:
 * `tsx --conditions=react-server bench/gallery-zip.ts` (GALLERY_ZIP_BENCH_MB, default 5120, split into 20 MB photos;
 * GALLERY_ZIP_BENCH_ROUNDS, default 3). Writes bench/results/gallery-zip.json.
 *
 * What runs is what the server runs per download: the archive writer over the local storage driver's file streams
 * (`fileStream`), consumed as a web stream. `cat` and the writer alternate, ROUNDS times each, and the medians are
 * compared, so both see the same page cache and the same neighbours' load. Measured too, in the same run: the
 * first archive of photos whose CRC-32 is not yet known (computed while streaming with node's zlib.crc32), and the
 * yazl writer this replaced on the first 512 MB, for scale. Not measured here: the HTTP path.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ZipFile } from 'yazl';
import { fileStream } from '../src/platform/storage/local';
import { budget, printBudgets } from './lib/budgets';
import { machineInfo } from './lib/machine';
import { writeResult } from './lib/results';
import { galleryZip, zipPaths, type ZipSource } from '../src/galleries/zip.server';

const totalMb = Number(process.env.GALLERY_ZIP_BENCH_MB ?? 5120);
const rounds = Number(process.env.GALLERY_ZIP_BENCH_ROUNDS ?? 3);
const yazlMb = 512;
const fileMb = 20;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-zip-'));
const mtime = new Date('2026-06-13T12:00:00Z');

function makeFiles(): { file: string; crc: number; size: number }[] {
  const files: { file: string; crc: number; size: number }[] = [];
  const chunk = crypto.randomBytes(1024 * 1024);
  for (let i = 0; i < Math.ceil(totalMb / fileMb); i++) {
    const p = path.join(dir, `DSC_${1000 + i}.jpg`);
    const fd = fs.openSync(p, 'w');
    let crc = 0;
    for (let m = 0; m < fileMb; m++) {
      chunk.writeUInt32LE(i * 1000 + m, 0);
      fs.writeSync(fd, chunk);
      crc = zlib.crc32(chunk, crc);
    }
    fs.closeSync(fd);
    files.push({ file: p, crc, size: fileMb * 1024 * 1024 });
  }
  return files;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mbps = (bytes: number, ms: number) => Math.round(bytes / 1048576 / (ms / 1000));

function timeCat(files: string[]): number {
  const start = process.hrtime.bigint();
  spawnSync('sh', ['-c', `cat ${files.map((f) => `'${f}'`).join(' ')} > /dev/null`]);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let n = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return n;
    n += value.byteLength;
  }
}

async function timeZip(sources: ZipSource[], range: { start: number; end: number } | null = null): Promise<{ ms: number; bytes: number; size: number }> {
  const start = process.hrtime.bigint();
  const zip = galleryZip(sources, range);
  const bytes = await drain(zip.stream);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, bytes, size: zip.size };
}

async function timeYazl(files: { file: string; size: number }[], names: string[]): Promise<number> {
  const start = process.hrtime.bigint();
  const zip = new ZipFile();
  files.forEach((f, i) => zip.addReadStreamLazy(names[i]!, { size: f.size, mtime, compress: false }, (cb) => cb(null, fs.createReadStream(f.file))));
  zip.end();
  for await (const chunk of zip.outputStream) void chunk;
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function main() {
  const files = makeFiles();
  const paths = files.map((f) => f.file);
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const sources = (known: boolean): ZipSource[] =>
    files.map((f, i) => ({
      folder: i % 2 ? 'Obřad' : 'Přípravy',
      fileName: path.basename(f.file),
      size: f.size,
      mtime,
      crc32: known ? f.crc : null,
      open: async (start) => fileStream(f.file, start, f.size - 1),
    }));
  // Warm the page cache for both alike (if it holds the gallery; otherwise both read from disk).
  timeCat(paths);

  const catMs: number[] = [];
  const zipMs: number[] = [];
  // The largest growth of any round (each measured from the RSS right before it).
  let rssGrowth = 0;
  for (let r = 0; r < rounds; r++) {
    catMs.push(timeCat(paths));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const z = await timeZip(sources(true));
    clearInterval(sampler);
    rssGrowth = Math.max(rssGrowth, rssPeak - rssBefore);
    if (z.bytes !== z.size) throw new Error(`streamed ${z.bytes} bytes, announced ${z.size}`);
    zipMs.push(z.ms);
  }
  const catRef = timeCat(paths);
  const unknown = await timeZip(sources(false));
  const size = unknown.size;
  // A download interrupted 100 MB before its end and resumed with Range.
  const resume = await timeZip(sources(true), { start: size - 100 * 1048576, end: size - 1 });
  const yazlFiles = files.slice(0, yazlMb / fileMb);
  const yazlMs = await timeYazl(yazlFiles, zipPaths(yazlFiles.map((f, i) => ({ folder: i % 2 ? 'Obřad' : 'Přípravy', fileName: path.basename(f.file) }))));
  const yazlBytes = yazlFiles.reduce((n, f) => n + f.size, 0);

  const cat = median(catMs);
  const zip = median(zipMs);
  const result = {
    date: new Date().toISOString(),
    loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
    files: files.length,
    dataMB: Math.round(bytes / 1048576),
    zipBytes: size,
    rounds,
    catMs: catMs.map(Math.round),
    zipMs: zipMs.map(Math.round),
    catMBps: mbps(bytes, cat),
    zipMBps: mbps(bytes, zip),
    speedVsCat: Number((cat / zip).toFixed(2)),
    rssGrowthMB: Number((rssGrowth / 1048576).toFixed(1)),
    unknownCrc: { catMs: Math.round(catRef), zipMs: Math.round(unknown.ms), zipMBps: mbps(bytes, unknown.ms), speedVsCat: Number((catRef / unknown.ms).toFixed(2)) },
    resumeLast100MB: { ms: Math.round(resume.ms), bytes: resume.bytes },
    yazlFirst512MB: { ms: Math.round(yazlMs), MBps: mbps(yazlBytes, yazlMs) },
    note:
      'in-process archive writer over the local storage file streams against cat of the same files; medians of alternating rounds; ' +
      'unknownCrc: the first archive of photos processed before CRCs were kept (CRC-32 computed while streaming); ' +
      'resumeLast100MB: a Range request for the last 100 MB (only the files it holds are opened); yazlFirst512MB: the writer this replaced',
  };
  const budgets = [
    budget('gallery ZIP writer vs cat of the same files', result.speedVsCat, '>=', 0.8, '×', `medians ${result.zipMBps} vs ${result.catMBps} MB/s; per round ${catMs.map((c, i) => (c / zipMs[i]!).toFixed(2)).join(' / ')}`),
    budget('gallery ZIP writer: RSS growth during a whole archive', result.rssGrowthMB, '<=', 50, ' MB'),
  ];
  const l1 = os.loadavg()[0]!;
  printBudgets('Gallery ZIP', budgets);
  console.log(writeResult('gallery-zip', { benchmark: 'Gallery ZIP writer (in process, 5 GB)', machine: machineInfo(), notes: l1 > 1 ? [`The 1-minute load average was ${l1.toFixed(2)} at the end; other work shared the 2 cores.`] : [], budgets, data: result }));
  console.log(result);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
