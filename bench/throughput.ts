/**
 * Server throughput with autocannon (a second process, 50 connections, 10 s per target) on the content pages,
 * on a minimal dynamic page of the same server (`/bench-minimal`: same layout, proxy and CSP nonce, rendered per
 * request) and on each page's own HTML served by a plain node:http static server. Pages from the render cache are
 * held to ≥ 0.4× the static server and p99 ≤ 100 ms; per-request pages to ≥ 0.9× the minimal dynamic page. Memory of the server's process tree
 * is sampled idle and during the load.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budget, type BudgetCheck } from './lib/budgets';
import { runCannon, type CannonResult } from './lib/cannon-runner';
import { root } from './lib/machine';
import { median, sampleRss, treeRssMb, type RunningServer } from './lib/server';

export interface TargetResult {
  target: string;
  kind: 'page' | 'minimal' | 'static';
  path: string;
  reqPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerSec: number;
  rssMedianMb?: number;
  rssPeakMb?: number;
}

export interface ThroughputResult {
  connections: number;
  durationSec: number;
  targets: TargetResult[];
  ratios: { path: string; toMinimal: number; toStatic: number }[];
  memory: { idleMb: number; underLoadPeakMb: number; underLoadMedianMb: number };
  budgets: BudgetCheck[];
}

function toTarget(target: string, kind: TargetResult['kind'], p: string, r: CannonResult, rss?: number[]): TargetResult {
  return {
    target,
    kind,
    path: p,
    reqPerSec: Math.round(r.requests.average * 10) / 10,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytesPerSec: Math.round(r.throughput.average),
    ...(rss ? { rssMedianMb: median(rss), rssPeakMb: Math.max(...rss) } : {}),
  };
}

async function startStatic(dir: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/lib/static-server.ts'), dir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (c) => reject(new Error(`static server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export async function measureThroughput(
  server: RunningServer,
  routes: { name: string; path: string }[],
  opts: { connections?: number; duration?: number; warmup?: number; cachedPaths?: string[] } = {},
  log: (s: string) => void = console.log,
): Promise<ThroughputResult> {
  const connections = opts.connections ?? 50;
  const duration = opts.duration ?? 10;
  const warmup = opts.warmup ?? 2;
  const pid = server.proc.pid!;
  const all = [...routes, { name: 'minimal', path: '/bench-minimal' }];

  // The static reference serves exactly the bytes the server rendered for each page.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
  for (const r of routes) fs.writeFileSync(path.join(dir, `${r.name}.html`), await (await fetch(server.url + r.path)).text());
  const stat = await startStatic(dir);

  for (const r of all) await fetch(server.url + r.path).then((x) => x.text());
  await new Promise((r) => setTimeout(r, 2000));
  const idleMb = treeRssMb(pid);
  log(`  idle RSS of the server process tree: ${idleMb} MB`);

  const targets: TargetResult[] = [];
  const loadSamples: number[] = [];
  try {
    for (const r of all) {
      if (warmup) await runCannon({ url: server.url + r.path, connections, duration: warmup });
      const sampler = sampleRss(pid);
      const res = await runCannon({ url: server.url + r.path, connections, duration });
      const rss = sampler.stop();
      loadSamples.push(...rss);
      const t = toTarget(r.name, r.name === 'minimal' ? 'minimal' : 'page', r.path, res, rss);
      targets.push(t);
      log(`  autocannon ${r.path}: ${t.reqPerSec} req/s, p50 ${t.latencyP50Ms} ms, p99 ${t.latencyP99Ms} ms, non-2xx ${t.non2xx}, errors ${t.errors}, RSS peak ${t.rssPeakMb} MB`);
    }
    for (const r of routes) {
      if (warmup) await runCannon({ url: `${stat.url}/${r.name}`, connections, duration: warmup });
      const res = await runCannon({ url: `${stat.url}/${r.name}`, connections, duration });
      const t = toTarget(`static ${r.name}`, 'static', r.path, res);
      targets.push(t);
      log(`  autocannon static ${r.path}: ${t.reqPerSec} req/s, p50 ${t.latencyP50Ms} ms, p99 ${t.latencyP99Ms} ms`);
    }
  } finally {
    stat.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const minimal = targets.find((t) => t.kind === 'minimal')!;
  const ratios = routes.map((r) => {
    const page = targets.find((t) => t.kind === 'page' && t.path === r.path)!;
    const st = targets.find((t) => t.kind === 'static' && t.path === r.path)!;
    return {
      path: r.path,
      toMinimal: Math.round((page.reqPerSec / minimal.reqPerSec) * 100) / 100,
      toStatic: Math.round((page.reqPerSec / st.reqPerSec) * 1000) / 1000,
    };
  });
  const memory = { idleMb, underLoadPeakMb: Math.max(...loadSamples), underLoadMedianMb: median(loadSamples) };
  // Pages served from the render cache must come close to a plain file server with the same bytes; per-request
  // pages (the booking form) are measured and compared with the minimal dynamic page only.
  const cached = (p: string) => opts.cachedPaths?.includes(p) ?? false;
  const budgets: BudgetCheck[] = [
    ...ratios.filter((r) => cached(r.path)).map((r) => budget(`${r.path} req/s ÷ static file server`, r.toStatic, '>=', 0.4)),
    ...targets.filter((t) => t.kind === 'page' && cached(t.path)).map((t) => budget(`${t.path} p99 latency at ${connections} connections`, t.latencyP99Ms, '<=', 100, ' ms')),
    ...ratios.filter((r) => !cached(r.path)).map((r) => budget(`${r.path} req/s ÷ minimal dynamic page`, r.toMinimal, '>=', 0.9)),
    ...targets.filter((t) => t.kind !== 'static').map((t) => budget(`${t.path} errors + non-2xx under load`, t.errors + t.non2xx, '==', 0)),
  ];
  return { connections, durationSec: duration, targets, ratios, memory, budgets };
}
