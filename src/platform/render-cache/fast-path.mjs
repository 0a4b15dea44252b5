// @ts-check
/**
 * Answers a plain GET/HEAD of a public page straight from the render cache, before Next's router, proxy and
 * response cache run (docs/decisions/050-render-cache-fast-path.md). server.mjs calls `serve()` first and hands
 * everything it declines to Next.
 *
 * The fast path only replays what Next itself answered: when Next serves a cache HIT for a page, `observe()` records
 * that response's headers (security headers, the entry's own content-security-policy, cache-control, vary, ETag,
 * HSTS, …) against the cache entry it was built from — after checking that the ETag is the one of that entry's
 * HTML and the policy is the entry's own. Later requests for the same entry get those headers, a fresh
 * x-request-id (as the proxy sets it), the same 304 handling and the same compression middleware as Next. A new
 * entry (an edit, a background revalidation) has no recorded headers until Next has served it once, so the first
 * answers after any change always come from Next.
 *
 * Declined (left to Next): other methods, a query string other than campaign tags (utm_…, fbclid, gclid, msclkid),
 * anything not a plain path (percent-encoding, dots,
 * double or trailing slashes), Next's own request headers (RSC, router state, prefetch, server actions,
 * on-demand revalidation, middleware), preview/draft cookies, and every page without a fresh 200 HTML entry
 * (misses, stale entries, not-found answers, per-request pages — those are never stored).
 */
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { countFastHit, freshPageEntry } from './handler.mjs';
import { beforeHeadersOut } from '../headers-out.mjs';

const require = createRequire(import.meta.url);
/** @type {() => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void} */
const compression = require('next/dist/compiled/compression');
/** @type {(reqHeaders: import('node:http').IncomingHttpHeaders, resHeaders: { etag: string }) => boolean} */
const fresh = require('next/dist/compiled/fresh');
/** @type {{ generateETag: (payload: string) => string }} */
const { generateETag } = require('next/dist/server/lib/etag');
/** @type {{ releaseCompressionStream: (res: import('node:http').ServerResponse) => void }} */
const { releaseCompressionStream } = require('next/dist/server/lib/release-compression-stream');

/** Paths the fast path answers: `/` or plain segments — no %-escapes, dots, empty or trailing segments. */
const PLAIN_PATH = /^(?:\/|(?:\/[A-Za-z0-9_~!$&'()*+,;=:@-]+)+)$/;
/**
 * The only query the fast path accepts: campaign/click tags that links shared on social media and in ads carry
 * (`?fbclid=…`, `?utm_source=…`). No page reads them, so Next serves those from the same cache entry too. Short,
 * plain values only — anything else (filters, `_rsc`, arrays, long queries the proxy checks) goes to Next.
 */
const TRACKING_QUERY = /^(?:(?:utm_(?:source|medium|campaign|term|content|id)|fbclid|gclid|msclkid)=[A-Za-z0-9._~-]{0,200})(?:&(?:utm_(?:source|medium|campaign|term|content|id)|fbclid|gclid|msclkid)=[A-Za-z0-9._~-]{0,200}){0,7}$/;
/** Request headers that change what Next answers for a page (RSC payloads, prefetches, actions, revalidation). */
const NEXT_REQUEST_HEADER = /^(?:rsc|next-|x-middleware|x-prerender|x-nextjs|x-invoke|x-now-|x-matched-path)/;
/** Draft mode / preview cookies make Next bypass its cache. */
const BYPASS_COOKIE = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/;
/** Response headers that are per response or per transfer, never replayed. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'content-type', 'etag']);

/**
 * @typedef {import('./handler.mjs').Entry} Entry
 * @typedef {{ headers: [string, string | number | string[]][], etag: string, contentType: string, body: Buffer }} Recorded
 */

/**
 * The pathname of a request the fast path may answer, or null.
 * @param {import('node:http').IncomingMessage} req
 * @returns {string | null}
 */
export function eligiblePath(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!PLAIN_PATH.test(pathname)) return null;
  if (q >= 0 && !TRACKING_QUERY.test(url.slice(q + 1))) return null;
  for (const name of Object.keys(req.headers)) if (NEXT_REQUEST_HEADER.test(name)) return null;
  const cookie = req.headers.cookie;
  if (cookie && BYPASS_COOKIE.test(cookie)) return null;
  return pathname;
}

/**
 * @param {{ enabled?: boolean, debug?: (fields: Record<string, unknown>) => void }} [options]
 */
export function createFastPath(options = {}) {
  const enabled = options.enabled ?? true;
  const compress = compression();
  /** @type {WeakMap<Entry, Recorded>} recorded per entry: a replaced or dropped entry takes its headers along */
  const recorded = new WeakMap();

  /**
   * Answers the request from the render cache when it can; false hands it to Next untouched.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {boolean}
   */
  function serve(req, res) {
    if (!enabled) return false;
    const pathname = eligiblePath(req);
    if (pathname === null) return false;
    const entry = freshPageEntry(pathname);
    const rec = entry && recorded.get(entry);
    if (!entry || !rec) return false;
    countFastHit(entry);

    // As the proxy (src/proxy.ts) does it: the caller's id (at most 100 characters) or a new one.
    const sent = req.headers['x-request-id'];
    const requestId = (typeof sent === 'string' && sent.slice(0, 100)) || randomUUID();
    // Next compresses every response through this middleware (router-server); same settings, same decisions.
    compress(req, res, () => {});
    res.once('close', () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
    for (const [name, value] of rec.headers) res.setHeader(name, name.toLowerCase() === 'x-request-id' ? requestId : value);
    res.setHeader('ETag', rec.etag);
    options.debug?.({ path: pathname, requestId });
    if (fresh(req.headers, { etag: rec.etag })) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', rec.contentType);
    res.setHeader('Content-Length', rec.body.length);
    if (req.method === 'HEAD') res.end();
    else res.end(rec.body);
    return true;
  }

  /**
   * Watches a request Next answers: a 200 cache HIT of a page the fast path could serve records its headers.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function observe(req, res) {
    if (!enabled || req.method !== 'GET') return;
    const pathname = eligiblePath(req);
    if (pathname === null) return;
    // Recorded when the headers go out, after the compression middleware has set its own.
    beforeHeadersOut(res, () => {
      if (res.statusCode !== 200 || res.getHeader('x-nextjs-cache') !== 'HIT' || res.hasHeader('set-cookie')) return;
      const entry = freshPageEntry(pathname);
      if (!entry || recorded.has(entry) || typeof entry.value.html !== 'string') return;
      const html = entry.value.html;
      const etag = res.getHeader('etag');
      const contentType = res.getHeader('content-type');
      // Only headers that provably belong to this entry: Next's ETag of exactly this HTML, and its own policy.
      if (typeof etag !== 'string' || typeof contentType !== 'string' || etag !== generateETag(html)) return;
      const policy = entry.value.headers?.['content-security-policy'];
      if (typeof policy !== 'string' || res.getHeader('content-security-policy') !== policy) return;
      /** @type {Recorded['headers']} */
      const headers = [];
      for (const raw of res.getRawHeaderNames()) {
        let value = res.getHeader(raw);
        if (NOT_REPLAYED.has(raw.toLowerCase()) || value === undefined) continue;
        // The compression middleware adds Accept-Encoding to Vary when it considers a body (not on a 304, for
        // example); it runs on the fast path's answers too, so it adds it exactly where it would for Next.
        if (raw.toLowerCase() === 'vary') {
          value = String(value)
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v && v.toLowerCase() !== 'accept-encoding')
            .join(', ');
          if (!value) continue;
        }
        headers.push([raw, value]);
      }
      recorded.set(entry, { headers, etag, contentType, body: Buffer.from(html) });
    });
  }

  return { serve, observe };
}
