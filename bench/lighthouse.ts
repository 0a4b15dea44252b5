/**
 * Lighthouse 12, default (mobile) config with simulated throttling, against a running production server.
 * Several runs per page; every metric and score is the median of the runs.
 */
import lighthouse from 'lighthouse';
import type { Result as LhResult } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { budget, type BudgetCheck } from './lib/budgets';
import { median } from './lib/server';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS } from '../tests/e2e/chromium-args';

export const LIGHTHOUSE_FLAGS = CHROMIUM_ARGS;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  /** The LCP's observed (unthrottled) breakdown: time to first byte, resource load delay and duration, render delay. */
  lcpPhases: Record<string, number>;
  /** The breakdown's last part: from the LCP resource's arrival (or the document's, for text) to its paint. */
  lcpRenderDelayMs: number;
  /** Style and layout on the page's main thread before the LCP paint, in the observed (unthrottled) trace. */
  styleLayoutBeforeLcpMs: number;
  /** Audits that lost points outside performance (why a category is below 100). */
  failedAudits: string[];
  lcpElement: string | null;
  perfHints: string[];
}

export interface LighthousePageResult {
  name: string;
  path: string;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'failedAudits' | 'lcpElement' | 'perfHints' | 'lcpPhases'>;
  failedAudits: string[];
  lcpElement: string | null;
  perfHints: string[];
  budgets: BudgetCheck[];
}

/** A Chrome trace event, as far as the benches read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: { data?: Record<string, unknown>; frame?: string; name?: string };
}

/**
 * Style recalculation and layout (`UpdateLayoutTree`, `Layout`) on the page's renderer main thread that ended
 * before the last LCP candidate of the main frame, in ms; nested events are counted once. NaN without a trace.
 */
export function styleLayoutBeforeLcp(events: TraceEvent[]): number {
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.args?.data?.isOutermostMainFrame && e.pid === nav?.pid).at(-1);
  if (!nav || !lcp) return NaN;
  const spans = events
    .filter((e) => e.ph === 'X' && e.pid === nav.pid && e.tid === nav.tid && (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && e.ts >= nav.ts && e.ts + (e.dur ?? 0) <= lcp.ts)
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let coveredUntil = -Infinity;
  for (const e of spans) {
    const end = e.ts + (e.dur ?? 0);
    if (end <= coveredUntil) continue;
    total += end - Math.max(e.ts, coveredUntil);
    coveredUntil = end;
  }
  return Math.round(total / 1000);
}

function summarise(lhr: LhResult, traceEvents: TraceEvent[] = []): LighthouseRun {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as LighthouseRun['scores'];
  const failedAudits: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1 && c !== 'performance') {
        const items = ((a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 3);
        const what = items
          .map((it) => {
            const where = (it.sourceLocation as { url?: string } | undefined)?.url ?? (typeof it.url === 'string' ? it.url : '');
            return [it.description, where].filter((x) => typeof x === 'string' && x).join(' at ').slice(0, 200);
          })
          .filter(Boolean);
        failedAudits.push(`${c}: ${a.id} — ${a.title}${what.length ? ` (${what.join('; ')})` : ''}`);
      }
    }
  }
  // LCP element (and its observed, unthrottled breakdown) from the LCP insight: where the time goes.
  const lcpList = (lhr.audits['lcp-breakdown-insight']?.details ?? lhr.audits['largest-contentful-paint-element']?.details) as
    | { items?: { type?: string; snippet?: string; items?: { label?: string; subpart?: string; duration?: number }[] }[] }
    | undefined;
  const node = lcpList?.items?.find((i) => i.type === 'node');
  const table = lcpList?.items?.find((i) => i.type === 'table');
  const phases = (table?.items ?? []).map((i) => `${i.label} ${Math.round(i.duration ?? 0)} ms`).join(', ');
  const lcpPhases = Object.fromEntries((table?.items ?? []).map((i) => [i.subpart ?? i.label ?? '?', Math.round(i.duration ?? 0)]));
  const renderDelay = (table?.items ?? []).find((i) => i.subpart === 'elementRenderDelay' || /render delay/i.test(i.label ?? ''));
  const lcpElement = node?.snippet ? `${node.snippet.slice(0, 160)}${phases ? ` (observed: ${phases})` : ''}` : null;
  // Performance audits and insights that flag something, for whoever has to fix a miss.
  const perfHints = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    scores,
    lcpMs: Math.round(num('largest-contentful-paint')),
    cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(num('total-blocking-time')),
    fcpMs: Math.round(num('first-contentful-paint')),
    speedIndexMs: Math.round(num('speed-index')),
    lcpPhases,
    lcpRenderDelayMs: renderDelay ? Math.round(renderDelay.duration ?? 0) : NaN,
    styleLayoutBeforeLcpMs: styleLayoutBeforeLcp(traceEvents),
    failedAudits,
    lcpElement,
    perfHints,
  };
}

/** What the framework alone scores on this machine in this run (bench/minimal-app). */
export interface LighthouseFloor {
  performance: number;
  lcpMs: number;
}

/**
 * Budgets of one page: performance ≥ 98 and ≥ the floor's score − 1, LCP ≤ 1.5 s, CLS 0, TBT ≤ 150 ms, the LCP's
 * observed render delay ≤ 400 ms, accessibility / best practices / SEO 100. With a floor, the LCP above the floor is recorded too (as a note).
 */
export function lighthouseBudgets(m: LighthousePageResult['median'], prefix: string, floor?: LighthouseFloor): BudgetCheck[] {
  const checks = [
    budget(`${prefix} performance`, m.scores.performance, '>=', 98),
    budget(`${prefix} accessibility`, m.scores.accessibility, '>=', 100),
    budget(`${prefix} best practices`, m.scores['best-practices'], '>=', 100),
    budget(`${prefix} SEO`, m.scores.seo, '>=', 100),
    budget(`${prefix} CLS`, m.cls, '<=', 0),
    budget(`${prefix} LCP`, m.lcpMs, '<=', 1500, ' ms', floor ? `${m.lcpMs - floor.lcpMs} ms above the minimal Next page's ${floor.lcpMs} ms` : undefined),
    budget(`${prefix} TBT`, m.tbtMs, '<=', 150, ' ms'),
    ...(Number.isNaN(m.lcpRenderDelayMs) ? [] : [budget(`${prefix} LCP render delay (observed)`, m.lcpRenderDelayMs, '<=', 400, ' ms')]),
    ...(Number.isNaN(m.styleLayoutBeforeLcpMs) ? [] : [budget(`${prefix} style and layout before LCP (observed trace)`, m.styleLayoutBeforeLcpMs, '<=', 150, ' ms')]),
  ];
  if (floor) checks.push(budget(`${prefix} performance vs minimal Next page (${floor.performance}) − 1`, m.scores.performance, '>=', floor.performance - 1));
  return checks;
}

/** The phone Lighthouse emulates (412 × 823 CSS px at 1.75 device pixels per CSS pixel). */
const PHONE = screenEmulationMetrics.mobile;

/**
 * The width a srcset candidate must cover on the emulated phone for `sizes` (the first media condition that holds,
 * `min-width` in px or rem, a `vw`, `px` or `rem` length), times the device pixel ratio. NaN when `sizes` is
 * something else: then every candidate is fetched.
 */
export function phoneSlotPx(sizes: string, viewportWidth = PHONE.width, dpr = PHONE.deviceScaleFactor): number {
  const toPx = (n: string, unit: string) => Number(n) * (unit === 'vw' ? viewportWidth / 100 : unit === 'rem' ? 16 : 1);
  for (const part of sizes.split(',').map((x) => x.trim())) {
    const m = /^(?:\(min-width:\s*([\d.]+)(px|rem)\)\s+)?([\d.]+)(vw|px|rem)$/.exec(part);
    if (!m) return NaN;
    if (m[1] && toPx(m[1], m[2]) > viewportWidth) continue;
    return toPx(m[3], m[4]) * dpr;
  }
  return NaN;
}

/**
 * Before a page's runs: its HTML (the render cache is filled) and the candidate of its preloaded LCP image the
 * emulated phone picks (a ready-made variant is encoded on its first request, ≈ 1 s on this machine). Every
 * measured run is then what the visitors after the first one get; the first request's cost is not in the median.
 */
export async function warmPage(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  const unescape = (v: string) => v.replace(/&amp;/g, '&');
  const urls: string[] = [];
  for (const [link] of html.matchAll(/<link rel="preload" as="image"[^>]*>/g)) {
    const srcset = /imageSrcSet="([^"]+)"/i.exec(link)?.[1];
    const href = /href="([^"]+)"/.exec(link)?.[1];
    if (!srcset) {
      if (href) urls.push(unescape(href));
      continue;
    }
    const candidates = unescape(srcset)
      .split(/,\s+/)
      .map((c) => c.trim().split(/\s+/))
      .map(([u, w]) => ({ u, w: Number.parseInt(w ?? '', 10) }))
      .filter((c) => c.u && Number.isFinite(c.w))
      .sort((a, b) => a.w - b.w);
    const slot = phoneSlotPx(unescape(/imageSizes="([^"]+)"/i.exec(link)?.[1] ?? '100vw'));
    const pick = Number.isNaN(slot) ? candidates : [candidates.find((c) => c.w >= slot) ?? candidates[candidates.length - 1]];
    for (const c of pick) if (c) urls.push(c.u);
  }
  await Promise.all(urls.map((u) => fetch(new URL(u, url), { headers: { accept } }).then((r) => r.arrayBuffer())));
}

export async function runLighthouse(
  baseUrl: string,
  routes: { name: string; path: string }[],
  runs: number,
  log: (s: string) => void = console.log,
  floor?: LighthouseFloor,
  /** Headers sent with every request of the run, e.g. a gallery's access cookie (Lighthouse's `extraHeaders`). */
  extraHeaders?: Record<string, string>,
): Promise<LighthousePageResult[]> {
  const results: LighthousePageResult[] = [];
  for (const route of routes) {
    await warmPage(baseUrl + route.path);
    const pageRuns: LighthouseRun[] = [];
    for (let i = 0, attempts = 0; i < runs; i++) {
      // A fresh browser per run: no cache, no service worker, no leftover state between runs.
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: LIGHTHOUSE_FLAGS,
        logLevel: 'silent',
      });
      try {
        const result = await lighthouse(baseUrl + route.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(extraHeaders ? { extraHeaders } : {}),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}`);
        if (result.lhr.runtimeError) {
          // Lighthouse's own trace hiccups (e.g. NO_NAVSTART) say nothing about the page: run again, at most 3 times.
          if (++attempts <= 3) {
            log(`  lighthouse ${route.path}: ${result.lhr.runtimeError.code}, running again`);
            i--;
            continue;
          }
          throw new Error(`Lighthouse ${route.path}: ${result.lhr.runtimeError.message}`);
        }
        const trace = (result.artifacts as unknown as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents ?? [];
        const run = summarise(result.lhr, trace);
        pageRuns.push(run);
        log(`  lighthouse ${route.path} run ${i + 1}/${runs}: perf ${run.scores.performance}, a11y ${run.scores.accessibility}, bp ${run.scores['best-practices']}, seo ${run.scores.seo}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms`);
      } finally {
        await chrome.kill();
      }
    }
    const med = {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(pageRuns.map((r) => r.scores[c]))])) as LighthouseRun['scores'],
      lcpMs: median(pageRuns.map((r) => r.lcpMs)),
      cls: median(pageRuns.map((r) => r.cls)),
      tbtMs: median(pageRuns.map((r) => r.tbtMs)),
      fcpMs: median(pageRuns.map((r) => r.fcpMs)),
      speedIndexMs: median(pageRuns.map((r) => r.speedIndexMs)),
      lcpRenderDelayMs: median(pageRuns.map((r) => r.lcpRenderDelayMs).filter((x) => !Number.isNaN(x))),
      styleLayoutBeforeLcpMs: median(pageRuns.map((r) => r.styleLayoutBeforeLcpMs).filter((x) => !Number.isNaN(x))),
    };
    results.push({
      name: route.name,
      path: route.path,
      runs: pageRuns,
      median: med,
      failedAudits: [...new Set(pageRuns.flatMap((r) => r.failedAudits))],
      lcpElement: pageRuns[0]?.lcpElement ?? null,
      perfHints: [...new Set(pageRuns.flatMap((r) => r.perfHints))],
      budgets: lighthouseBudgets(med, route.path, floor),
    });
  }
  return results;
}
