/**
 * Diagnostic: one Lighthouse mobile run per page with the trace kept, to see what the observed (unthrottled) load
 * did before the LCP paint — the main-thread tasks Lantern's simulation scales ×4 when they finish before it.
 *
 *   npx tsx bench/lcp-trace.ts [outDir] [path…]   (starts a production server; `--minimal` adds the floor)
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './lib/server';
import { startMinimalApp } from './lib/minimal-app';
import { LIGHTHOUSE_FLAGS, warmPage, type TraceEvent } from './lighthouse';
import http from 'node:http';
import zlib from 'node:zlib';
// The simulator Lighthouse itself uses (same module instance): its node timings say what the simulated LCP waited for.
import * as Lantern from '@paulirish/trace_engine/models/trace/lantern/lantern.js';

/** Experiment only: a proxy that rewrites the HTML (font preloads, font-display) to try a change without a build. */
function rewritingProxy(target: string, variant: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    // HTML is fetched plain to be rewritten, then gzipped again; everything else passes through as the server
    // encoded it, so the simulated transfer sizes stay those of a real load.
    const isPage = (req.headers.accept ?? '').includes('text/html');
    const headers = { ...req.headers, ...(isPage ? { 'accept-encoding': 'identity' } : {}), host: new URL(target).host };
    const up = http.request(target + req.url, { method: req.method, headers }, (r) => {
      const type = String(r.headers['content-type'] ?? '');
      if (!type.includes('text/html')) {
        res.writeHead(r.statusCode ?? 500, r.headers);
        r.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => {
        let html = Buffer.concat(chunks).toString('utf8');
        if (variant.includes('nopreload')) html = html.replace(/<link rel="preload" href="[^"]+\.woff2"[^>]*>/g, '');
        if (variant.includes('swap')) html = html.replace(/font-display:optional/g, 'font-display:swap');
        if (variant.includes('nofonts')) html = html.replace(/@font-face\{[^}]*\}/g, '').replace(/<link rel="preload" href="[^"]+\.woff2"[^>]*>/g, '');
        if (variant.includes('nolocal')) html = html.replace(/src:local\([^)]*\);?/g, '');
        if (variant.includes('nosheetswitch')) html = html.replace(/<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/, '');
        const h = { ...r.headers };
        delete h['content-length'];
        delete h['transfer-encoding'];
        h['content-encoding'] = 'gzip';
        res.writeHead(r.statusCode ?? 500, h);
        res.end(zlib.gzipSync(html));
      });
    });
    req.pipe(up);
    up.on('error', () => res.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${addr.port}`, close: () => server.close() });
    }),
  );
}


async function trace(url: string, name: string, outDir: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: LIGHTHOUSE_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('no result');
    const lhr = result.lhr;
    fs.writeFileSync(path.join(outDir, `${name}.lhr.json`), JSON.stringify(lhr));
    const artifacts = result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } };
    const events = artifacts.Trace.traceEvents;
    fs.writeFileSync(path.join(outDir, `${name}.trace.json`), JSON.stringify({ traceEvents: events }));
    const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
    const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts ?? 0;
    const lcpObs = metrics.observedLargestContentfulPaint;
    const fcpObs = metrics.observedFirstContentfulPaint;
    console.log(`\n== ${name} ${url}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, sim FCP ${Math.round(metrics.firstContentfulPaint)} LCP ${Math.round(metrics.largestContentfulPaint)} TBT ${Math.round(metrics.totalBlockingTime)}; observed FCP ${fcpObs} LCP ${lcpObs} load ${metrics.observedLoad}`);
    const el = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet;
    console.log(`  LCP element: ${el?.slice(0, 200)}`);
    // Main-thread tasks of the renderer, relative to navigation start.
    const mainPid = events.find((e) => e.name === 'TracingStartedInBrowser')?.pid;
    void mainPid;
    const rendererMain = new Map<string, number>();
    for (const e of events) if (e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain') rendererMain.set(`${e.pid}:${e.tid}`, 1);
    const tasks = events
      .filter((e) => e.ph === 'X' && rendererMain.has(`${e.pid}:${e.tid}`) && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > 3000)
      .map((e) => ({ start: (e.ts - navStart) / 1000, dur: (e.dur ?? 0) / 1000, e }));
    const inside = (t: { e: TraceEvent }) =>
      events
        .filter((x) => x.ph === 'X' && x.pid === t.e.pid && x.tid === t.e.tid && x.ts >= t.e.ts && x.ts < t.e.ts + (t.e.dur ?? 0) && !['RunTask', 'ThreadControllerImpl::RunTask', 'RunMicrotasks', 'ThreadControllerImpl::DoWork', 'TaskQueueManager::ProcessTaskFromWorkQueue', 'ThreadController::Task'].includes(x.name) && x !== t.e && (x.dur ?? 0) > 2000)
        .map((x) => `${x.name}${(x.args?.data?.url as string | undefined) ? `(${String(x.args?.data?.url).split('/').pop()?.slice(0, 40)})` : ''} ${Math.round((x.dur ?? 0) / 1000)}`)
        .slice(0, 9)
        .join(', ');
    for (const t of tasks) console.log(`  task @${t.start.toFixed(0)} ms ${t.dur.toFixed(0)} ms ${t.start + t.dur <= (lcpObs ?? 0) ? 'BEFORE-LCP' : ''}: ${inside(t)}`);
    for (const e of events.filter((x) => ['firstContentfulPaint', 'largestContentfulPaint::Candidate', 'firstPaint', 'MarkDOMContent', 'MarkLoad'].includes(x.name)))
      console.log(`  mark ${e.name} @${((e.ts - navStart) / 1000).toFixed(0)} ${JSON.stringify(e.args?.data ?? {}).slice(0, 160)}`);
    const reqs = (lhr.audits['network-requests']?.details as { items?: { url: string; networkRequestTime: number; networkEndTime: number; priority: string; resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    for (const r of reqs.slice(0, 30)) console.log(`  req ${r.networkRequestTime.toFixed(0)}–${r.networkEndTime.toFixed(0)} ${r.priority} ${r.resourceType} ${Math.round(r.transferSize / 1024)}KB ${r.url.replace(url, '').slice(0, 90)}`);
    for (const id of ['render-blocking-resources', 'render-blocking-insight', 'lcp-discovery-insight', 'bootup-time', 'lcp-breakdown-insight']) {
      const a = lhr.audits[id];
      if (a) console.log(`  ${id}: ${a.displayValue ?? ''} score ${a.score} ${JSON.stringify(a.details ?? {}).slice(0, 600)}`);
    }
    printSimulation();
  } finally {
    await chrome.kill();
  }
}

interface SimNode {
  type: string;
  request?: { url: string; transferSize: number; priority: string };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
  duration?: number;
}

/** The simulated LCP graphs (optimistic/pessimistic): the nodes that end last and the CPU total. */
function printSimulation(): void {
  const all = (Lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Map<string, Map<SimNode, { startTime: number; endTime: number }>> } } }).Simulation.Simulator.allNodeTimings;
  for (const [label, timings] of all) {
    if (!/LargestContentfulPaint|FirstContentfulPaint/.test(label) || /Interactive|Speed/.test(label)) continue;
    const rows = [...timings.entries()].sort((a, b) => b[1].endTime - a[1].endTime);
    const cpu = rows.filter(([n]) => n.type === 'cpu').reduce((s, [, t]) => s + (t.endTime - t.startTime), 0);
    const net = rows.filter(([n]) => n.type === 'network');
    console.log(`  sim ${label}: end ${Math.round(rows[0]?.[1].endTime ?? 0)} ms, ${net.length} requests (${Math.round(net.reduce((s, [n]) => s + (n.request?.transferSize ?? 0), 0) / 1024)} KB), CPU ${Math.round(cpu)} ms in ${rows.length - net.length} tasks`);
    for (const [n, t] of rows.slice(0, 6)) {
      const what = n.type === 'network' ? `${n.request?.priority} ${Math.round((n.request?.transferSize ?? 0) / 1024)}KB ${n.request?.url.split('/').pop()?.slice(0, 60)}` : `cpu ${[...new Set((n.childEvents ?? []).filter((e) => ['EvaluateScript', 'Layout', 'ParseHTML', 'FunctionCall', 'UpdateLayoutTree'].includes(e.name)).map((e) => e.name + (e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : '')))].slice(0, 4).join(' ')}`;
      console.log(`    ${Math.round(t.startTime)}–${Math.round(t.endTime)} ${what}`);
    }
  }
  all.clear();
}

async function warm(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const imgs = [...new Set([...html.matchAll(/\/_next\/image\?[^" ,]+/g)].map((m) => m[0].replace(/&amp;/g, '&')))].slice(0, 40);
  const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  await Promise.all(imgs.map((i) => fetch(new URL(i, url), { headers: { accept } }).then((r) => r.arrayBuffer())));
  // The preloaded LCP variant the phone picks (encoded on its first request), as bench/lighthouse.ts does.
  await warmPage(url);
}

async function main() {
  const args = process.argv.slice(2);
  const outDir = args[0] ?? '/tmp/lcp';
  fs.mkdirSync(outDir, { recursive: true });
  const paths = args.slice(1).filter((a) => !a.startsWith('--'));
  if (args.includes('--minimal')) {
    const m = await startMinimalApp();
    try {
      await trace(m.url + '/', 'minimal', outDir);
    } finally {
      await m.stop();
    }
  }
  const server = await startServer();
  const variant = args.find((a) => a.startsWith('--variant='))?.slice(10);
  const proxy = variant ? await rewritingProxy(server.url, variant) : null;
  const base = proxy?.url ?? server.url;
  try {
    for (const p of paths) {
      // Fill the render cache and the image optimizer's cache: the measured load is what every later visitor gets.
      await warm(base + p);
      await trace(base + p, `${variant ?? 'as-is'}${p.replace(/[^a-z0-9]+/gi, '_')}`, outDir);
    }
  } finally {
    proxy?.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
