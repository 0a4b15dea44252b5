/**
 * Bytes a phone downloads on the first load of each page (no scrolling, so lazy images below the fold stay
 * unloaded), observed in real Chromium through the DevTools protocol:
 * - first-load JavaScript: every script response, re-compressed with gzip (what the budget counts);
 * - the transferred bytes of the first viewport (headers + encoded bodies, everything the page pulled);
 * - the format of every optimized image (`/_next/image`), requested with Chromium's own Accept header.
 */
import zlib from 'node:zlib';
import type { CDPSession } from 'playwright-core';
import { launchBrowser, newContext } from '../tests/e2e/harness';
import { budget, type BudgetCheck } from './lib/budgets';

export const JS_BUDGET_KB = 110;
/** The HTML document as the server sends it, uncompressed (docs/decisions/096-lighter-document.md). */
export const DOCUMENT_BUDGET_KB = 60;
/** A wedding page carries its first 24 photos. */
export const WEDDING_DOCUMENT_BUDGET_KB = 90;

interface Resource {
  url: string;
  type: string;
  mimeType: string;
  status: number;
  encodedBytes: number;
  gzipBytes?: number;
  requestAccept?: string;
  /** 'parser' = referenced by the HTML itself; 'script' = loaded by other JavaScript (lazy chunks). */
  initiator?: string;
}

export interface BytesPageResult {
  name: string;
  path: string;
  /** The HTML document, uncompressed. */
  documentKb: number;
  jsGzipKb: number;
  jsFiles: number;
  /** Only the scripts the HTML names, in a `<script src>` or in its deferred loader (Next calls them the route's first-load JS). */
  jsFromHtmlGzipKb: number;
  scripts: { url: string; gzipKb: number }[];
  transferredKb: number;
  transferredByType: Record<string, number>;
  images: { url: string; contentType: string; accept: string | undefined; kb: number }[];
  rasterImagesNotAvif: string[];
  budgets: BudgetCheck[];
}

const kb = (b: number) => Math.round((b / 1024) * 10) / 10;

async function collect(cdp: CDPSession): Promise<{ resources: Map<string, Resource>; bodies: Promise<void>[] }> {
  const resources = new Map<string, Resource>();
  const bodies: Promise<void>[] = [];
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  cdp.on('Network.responseReceived', (e) => {
    resources.set(e.requestId, {
      initiator: initiatorById.get(e.requestId),
      url: e.response.url,
      type: e.type,
      mimeType: e.response.mimeType,
      status: e.response.status,
      encodedBytes: 0,
      requestAccept: e.response.requestHeaders?.Accept ?? e.response.requestHeaders?.accept,
    });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const accept = e.headers.Accept ?? e.headers.accept;
    const r = resources.get(e.requestId);
    if (r && accept) r.requestAccept = String(accept);
    else if (accept) acceptById.set(e.requestId, String(accept));
  });
  const acceptById = new Map<string, string>();
  const initiatorById = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => initiatorById.set(e.requestId, e.initiator.type));
  cdp.on('Network.loadingFinished', (e) => {
    const r = resources.get(e.requestId);
    if (!r) return;
    r.encodedBytes = e.encodedDataLength;
    if (!r.requestAccept && acceptById.has(e.requestId)) r.requestAccept = acceptById.get(e.requestId);
    if (r.type === 'Script') {
      bodies.push(
        cdp
          .send('Network.getResponseBody', { requestId: e.requestId })
          .then((b) => {
            const raw = b.base64Encoded ? Buffer.from(b.body, 'base64') : Buffer.from(b.body, 'utf8');
            r.gzipBytes = zlib.gzipSync(raw, { level: 9 }).length;
          })
          .catch(() => undefined),
      );
    }
  });
  return { resources, bodies };
}

/** Our own code on top of the framework: first-load JS above the minimal Next page's, gzip. */
export const OWN_JS_BUDGET_KB = 15;

export async function measureBytes(
  baseUrl: string,
  routes: { name: string; path: string }[],
  log: (s: string) => void = console.log,
  floorJsGzipKb?: number,
): Promise<BytesPageResult[]> {
  const browser = await launchBrowser();
  const results: BytesPageResult[] = [];
  try {
    for (const route of routes) {
      const context = await newContext(browser, 'phone');
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const { resources, bodies } = await collect(cdp);
      const res = await page.goto(baseUrl + route.path, { waitUntil: 'load' });
      if (!res || res.status() >= 400) throw new Error(`${route.path} answered ${res?.status()}`);
      const documentText = await (await fetch(baseUrl + route.path, { headers: { 'accept-encoding': 'identity' } })).text();
      const documentBytes = Buffer.byteLength(documentText, 'utf8');
      const documentBudget = route.name === 'wedding' ? WEDDING_DOCUMENT_BUDGET_KB : DOCUMENT_BUDGET_KB;
      // Let hydration and idle-time prefetches finish; they are part of what the first visit downloads. (Not
      // 'networkidle': a streamed RSC prefetch may stay open.) Quiet = no response finished for 800 ms, cap 8 s.
      const until = Date.now() + 8000;
      for (let last = -1; Date.now() < until; ) {
        const finished = [...resources.values()].filter((r) => r.encodedBytes > 0).length;
        if (finished === last) break;
        last = finished;
        await page.waitForTimeout(800);
      }
      await Promise.all(bodies);
      const all = [...resources.values()];
      const scripts = all.filter((r) => r.type === 'Script');
      const jsGzip = scripts.reduce((s, r) => s + (r.gzipBytes ?? 0), 0);
      const byType: Record<string, number> = {};
      for (const r of all) byType[r.type] = kb((byType[r.type] ?? 0) * 1024 + r.encodedBytes);
      const images = all
        .filter((r) => r.url.includes('/_next/image'))
        .map((r) => ({ url: r.url.replace(baseUrl, ''), contentType: r.mimeType, accept: r.requestAccept, kb: kb(r.encodedBytes) }));
      // SVG sources pass through the optimizer unchanged (they are vector art); every raster must come as AVIF.
      const rasterImagesNotAvif = images.filter((i) => i.contentType !== 'image/svg+xml' && i.contentType !== 'image/avif').map((i) => `${i.url} → ${i.contentType}`);
      const directRaster = all.filter((r) => r.type === 'Image' && !r.url.includes('/_next/image') && /image\/(jpeg|png|webp)/.test(r.mimeType));
      for (const r of directRaster) rasterImagesNotAvif.push(`${r.url.replace(baseUrl, '')} → ${r.mimeType} (not through the optimizer)`);
      const transferred = all.reduce((s, r) => s + r.encodedBytes, 0);
      const result: BytesPageResult = {
        name: route.name,
        path: route.path,
        documentKb: kb(documentBytes),
        jsGzipKb: kb(jsGzip),
        jsFiles: scripts.length,
        jsFromHtmlGzipKb: kb(scripts.filter((r) => r.initiator === 'parser' || documentText.includes(`"${new URL(r.url).pathname}"`)).reduce((sum, r) => sum + (r.gzipBytes ?? 0), 0)),
        scripts: scripts.map((r) => ({ url: r.url.replace(baseUrl, ''), gzipKb: kb(r.gzipBytes ?? 0) })).sort((a, b) => b.gzipKb - a.gzipKb),
        transferredKb: kb(transferred),
        transferredByType: byType,
        images,
        rasterImagesNotAvif,
        budgets: [
          budget(`${route.path} HTML document (uncompressed)`, kb(documentBytes), '<=', documentBudget, ' KB'),
          budget(`${route.path} first-load JS (gzip)`, kb(jsGzip), '<=', JS_BUDGET_KB, ' KB'),
          budget(`${route.path} raster images not AVIF`, rasterImagesNotAvif.length, '==', 0, '', images.length ? `${images.length} optimized images` : 'no optimized images on the first viewport'),
          ...(floorJsGzipKb === undefined
            ? []
            : [budget(`${route.path} first-load JS above the minimal Next page (${floorJsGzipKb} KB)`, kb((jsGzip - floorJsGzipKb * 1024)), '<=', OWN_JS_BUDGET_KB, ' KB')]),
        ],
      };
      log(`  bytes ${route.path}: HTML ${result.documentKb} KB, JS ${result.jsGzipKb} KB gzip in ${scripts.length} files (${result.jsFromHtmlGzipKb} KB referenced by the HTML), first viewport ${result.transferredKb} KB transferred, ${images.length} optimized images (${[...new Set(images.map((i) => i.contentType))].join(', ') || '—'})`);
      results.push(result);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
