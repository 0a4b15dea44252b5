/**
 * Main-thread blocking after the first contentful paint, by what caused it: the part of Lighthouse's Total Blocking
 * Time that a page's own code and markup decide, measured directly and attributed.
 *
 * Chromium (playwright-core), the phone viewport, the CPU slowed 4× as Lighthouse simulates a phone, a fresh context
 * per load (no cache, no consent cookie: a first visit). Each load's Long Animation Frames (`long-animation-frame`,
 * buffered) after the first contentful paint are summed by their `blockingDuration`; the frames' scripts are
 * grouped by source file, and the rest of each frame split into rendering (style, layout, paint) and other work.
 * Pages are loaded round-robin, so the machine's drift hits them all alike; the minimal Next page (bench/minimal-app)
 * is measured in the same rounds as the floor, and the peer when BENCH_PEER_URL is set (bench/peer/README.md).
 *
 *   npx tsx bench/blocking.ts [--runs=10]   → bench/results/blocking.json (and bench/results/SUMMARY.md)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/chromium-args';
import { budget, printBudgets, type BudgetCheck } from './lib/budgets';
import { machineInfo, root } from './lib/machine';
import { startMinimalApp } from './lib/minimal-app';
import { writeResult } from './lib/results';
import { benchRoutes, median, reachableRoutes, startServer } from './lib/server';
import { writeSummary } from './summary';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 10);

interface Frame {
  startTime: number;
  duration: number;
  blockingDuration: number;
  renderStart: number;
  scripts: { sourceURL: string; invoker: string; duration: number }[];
}

export interface BlockingPage {
  name: string;
  url: string;
  /** Blocking time after the first contentful paint, one number per load (ms, CPU ×4). */
  runsMs: number[];
  medianMs: number;
  /** Mean time per load in frames after the first contentful paint, by cause (ms). */
  causes: Record<string, number>;
}

async function load(browser: Browser, url: string): Promise<{ blocking: number; causes: Record<string, number> }> {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    await ctx.addInitScript(() => {
      const w = window as unknown as { __frames: unknown[] };
      w.__frames = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__frames.push(e.toJSON());
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load' });
    // Until the main thread has been quiet for 2 s (no long frame ended in that time), at most 15 s.
    await page.waitForFunction(
      () => {
        const frames = (window as unknown as { __frames: { startTime: number; duration: number }[] }).__frames;
        const lastEnd = Math.max(0, ...frames.map((f) => f.startTime + f.duration));
        return performance.now() - lastEnd > 2000 && performance.now() > 3000;
      },
      undefined,
      { timeout: 15_000, polling: 250 },
    );
    const { fcp, frames } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      frames: (window as unknown as { __frames: Frame[] }).__frames,
    }));
    const causes: Record<string, number> = {};
    const add = (k: string, v: number) => (causes[k] = (causes[k] ?? 0) + v);
    let blocking = 0;
    for (const f of frames) {
      if (f.startTime + f.duration <= fcp) continue;
      blocking += f.blockingDuration;
      let scripts = 0;
      for (const s of f.scripts) {
        const src = s.sourceURL ? new URL(s.sourceURL).pathname : s.invoker;
        add(`script ${src.startsWith('/_next/static/chunks/') ? 'framework and app chunks' : src === new URL(url).pathname ? 'the page’s inline scripts' : src}`, s.duration);
        scripts += s.duration;
      }
      const render = f.renderStart ? f.startTime + f.duration - f.renderStart : 0;
      add('style, layout and paint', render);
      add('other (parsing, garbage collection, …)', Math.max(0, f.duration - scripts - render));
    }
    return { blocking, causes };
  } finally {
    await ctx.close();
  }
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
  const server = await startServer();
  const minimal = await startMinimalApp();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { ok } = await reachableRoutes(server.url, await benchRoutes(server.url));
    const targets = [
      { name: 'minimal Next page (floor)', url: minimal.url + '/' },
      ...(process.env.BENCH_PEER_URL?.trim() ? [{ name: 'peer albm /', url: process.env.BENCH_PEER_URL.trim().replace(/\/$/, '') + '/' }] : []),
      ...ok.map((r) => ({ name: r.path, url: server.url + r.path })),
    ];
    // One warm-up load each (the server's caches and image variants), not counted.
    for (const t of targets) await load(browser, t.url);
    const samples = new Map(targets.map((t) => [t.name, { runs: [] as number[], causes: {} as Record<string, number> }]));
    for (let i = 0; i < runs; i++) {
      for (const t of targets) {
        const r = await load(browser, t.url);
        const s = samples.get(t.name)!;
        s.runs.push(Math.round(r.blocking));
        for (const [k, v] of Object.entries(r.causes)) s.causes[k] = (s.causes[k] ?? 0) + v / runs;
      }
      console.log(`round ${i + 1}/${runs}: ${targets.map((t) => `${t.name} ${samples.get(t.name)!.runs.at(-1)}`).join(' · ')}`);
    }
    const pages: BlockingPage[] = targets.map((t) => {
      const s = samples.get(t.name)!;
      const causes = Object.fromEntries(Object.entries(s.causes).map(([k, v]) => [k, Math.round(v)]).sort((a, b) => Number(b[1]) - Number(a[1])));
      return { name: t.name, url: t.url, runsMs: s.runs, medianMs: Math.round(median(s.runs)), causes };
    });
    const floor = pages[0]!;
    const budgets: BudgetCheck[] = pages
      .filter((p) => p.url.startsWith(server.url))
      .map((p) => budget(`${p.name} blocking after FCP (CPU ×4, median of ${runs}) ≤ the minimal Next page's`, p.medianMs, '<=', floor.medianMs, ' ms', `floor ${floor.medianMs} ms in the same rounds; runs ${p.runsMs.join('/')}`));
    const notes = [
      `Long Animation Frames after the first contentful paint, phone viewport, CPU ×4, fresh context per load, ${runs} rounds round-robin after one warm-up load each.`,
      ...pages.map((p) => `${p.name}: median ${p.medianMs} ms (runs ${p.runsMs.join(' / ')}); mean per load by cause: ${Object.entries(p.causes).map(([k, v]) => `${k} ${v} ms`).join(', ')}.`),
    ];
    writeResult('blocking', { benchmark: 'Main-thread blocking after the first paint (Long Animation Frames)', machine: machineInfo(null), notes, budgets, data: { runs, pages } });
    printBudgets('Blocking after FCP', budgets);
    console.log(`Written ${writeSummary()}`);
  } finally {
    await browser.close();
    await minimal.stop();
    await server.stop();
  }
}

await main();
