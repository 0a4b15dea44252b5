/**
 * The gallery ZIP against `cat` of the same files (docs/decisions/078-gallery-delivery.md): throughput ratio and
 * the process's RSS growth while a whole archive streams. Run: `tsx --conditions=react-server bench/gallery-zip.ts`
 * (GALLERY_ZIP_BENCH_MB, default 1024, split into 20 MB photos). Writes bench/results/gallery-zip.json.
 * This measures the archive writer in one process (what the server runs per download), not the HTTP path.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { galleryZip, type ZipSource } from '../src/galleries/zip.server';

const totalMb = Number(process.env.GALLERY_ZIP_BENCH_MB ?? 1024);
const fileMb = 20;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-zip-'));

function makeFiles(): string[] {
  const files: string[] = [];
  const chunk = crypto.randomBytes(1024 * 1024);
  for (let i = 0; i < Math.ceil(totalMb / fileMb); i++) {
    const p = path.join(dir, `DSC_${1000 + i}.jpg`);
    const fd = fs.openSync(p, 'w');
    for (let m = 0; m < fileMb; m++) {
      chunk.writeUInt32LE(i * 1000 + m, 0);
      fs.writeSync(fd, chunk);
    }
    fs.closeSync(fd);
    files.push(p);
  }
  return files;
}

async function main() {
  const files = makeFiles();
  const bytes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
  // Warm the page cache for both runs alike.
  spawnSync('cat', files, { stdio: ['ignore', 'ignore', 'inherit'] });
  const catStart = process.hrtime.bigint();
  spawnSync('sh', ['-c', `cat ${files.map((f) => `'${f}'`).join(' ')} > /dev/null`]);
  const catMs = Number(process.hrtime.bigint() - catStart) / 1e6;

  const sources: ZipSource[] = files.map((f, i) => ({
    folder: i % 2 ? 'Obřad' : 'Přípravy',
    fileName: path.basename(f),
    size: fs.statSync(f).size,
    mtime: new Date('2026-06-13T12:00:00Z'),
    open: async () => fs.createReadStream(f),
  }));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const zipStart = process.hrtime.bigint();
  const zip = galleryZip(sources);
  let streamed = 0;
  for await (const c of zip.stream) streamed += (c as Buffer).length;
  const zipMs = Number(process.hrtime.bigint() - zipStart) / 1e6;
  clearInterval(sampler);
  if (streamed !== zip.size) throw new Error(`streamed ${streamed} bytes, announced ${zip.size}`);
  const result = {
    date: new Date().toISOString(),
    files: files.length,
    dataMB: Math.round(bytes / 1048576),
    zipBytes: zip.size,
    catMs: Math.round(catMs),
    zipMs: Math.round(zipMs),
    catMBps: Math.round(bytes / 1048576 / (catMs / 1000)),
    zipMBps: Math.round(bytes / 1048576 / (zipMs / 1000)),
    speedVsCat: Number((catMs / zipMs).toFixed(2)),
    budgetSpeedVsCat: 0.8,
    rssGrowthMB: Number(((rssPeak - rssBefore) / 1048576).toFixed(1)),
    budgetRssGrowthMB: 50,
    note: 'in-process archive writer (yazl, stored entries) against cat of the same files, page cache warm for both',
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'results', 'gallery-zip.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(result);
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
