// @ts-check
/**
 * Next's render cache (`cacheHandler` in next.config.ts), kept in this process's memory and bounded.
 *
 * Why our own handler (docs/decisions/011-render-cache-csp.md):
 * - Every cached HTML page gets a Content-Security-Policy header with the sha256 of each of its own inline
 *   scripts (and the integrity hashes of its chunk scripts), stored with the entry. So a cache HIT, a MISS and a
 *   background revalidation always answer with the policy that matches the HTML they send, and no script needs
 *   'unsafe-inline'. (Next applies the entry's headers to the response; on a MISS it stores the entry before it
 *   answers, and the headers are set on the same object.)
 * - Nothing rendered at build time is served: the cache starts empty, so each page is rendered once at run time
 *   with the run-time configuration (content source, analytics id, build id) and then served from memory.
 * - Invalidations are tag based (revalidatePath/revalidateTag call revalidateTag here) and can be shared between
 *   instances: listeners registered with `onRenderCacheInvalidation` hear local invalidations (to broadcast them),
 *   and `invalidateRenderCacheTags` applies one received from another instance.
 *
 * Plain JavaScript (checked by TypeScript through JSDoc) because Next loads this file with Node's own loader.
 */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { policyForHtml, policyWithScriptSources } from '../csp-policy.mjs';
import { htmlLimitFor } from './document-budget.mjs';
import { deferFrameworkScripts } from './deferred-scripts.mjs';
import { holdFirstFrameForContent } from './content-first-frame.mjs';

/** The root layout's implicit tag: revalidatePath('/', 'layout') — every page. */
export const ROOT_LAYOUT_TAG = '_N_T_/layout';
const TAGS_HEADER = 'x-next-cache-tags';
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const NONCE_SCRIPT = /<script\b[^>]*\snonce=/i;
/** Next's own error routes: /_not-found (every unknown path) and /_global-error. */
const ERROR_ROUTE = /(^|\/)_(not-found|global-error)(\/|$)/;

/**
 * @typedef {{ kind: string, html?: unknown, rscData?: unknown, segmentData?: unknown, status?: number,
 *   headers?: Record<string, string | string[] | number | undefined> }} CacheValue
 * @typedef {{ key: string, value: CacheValue, lastModified: number, tags: string[], cacheControl: unknown, size: number, source?: string }} Entry
 * @typedef {(tags: string[]) => void} InvalidationListener
 * @typedef {{ entries: Map<string, Entry>, pages: Map<string, string>, tagTimes: Map<string, number>, clearedAt: number,
 *   bytes: number, listeners: Set<InvalidationListener>,
 *   stats: { hits: number, misses: number, sets: number, evictions: number, fastHits: number } }} Store
 */

const STORE_KEY = Symbol.for('svatebni-fotograf.render-cache');

/** One store per process, shared by Next's copy of this module and the app's bundled imports. @returns {Store} */
function store() {
  const g = /** @type {{ [STORE_KEY]?: Store }} */ (/** @type {unknown} */ (globalThis));
  let s = g[STORE_KEY];
  if (!s) {
    s = {
      entries: new Map(),
      pages: new Map(),
      tagTimes: new Map(),
      clearedAt: 0,
      bytes: 0,
      listeners: new Set(),
      stats: { hits: 0, misses: 0, sets: 0, evictions: 0, fastHits: 0 },
    };
    g[STORE_KEY] = s;
  }
  return s;
}

/** @returns {number} */
function maxBytes() {
  const mb = Number(process.env.RENDER_CACHE_MAX_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : DEFAULT_MAX_BYTES;
}

/** @param {unknown} v @returns {number} */
function byteSize(v) {
  if (typeof v === 'string') return Buffer.byteLength(v);
  if (Buffer.isBuffer(v)) return v.length;
  if (v instanceof Map) {
    let n = 0;
    for (const [k, x] of v) n += byteSize(k) + byteSize(x);
    return n;
  }
  return 0;
}

/**
 * Next's key of an app page's route-cache entry: `/route-cache/APP_PAGE/<sha256 of the source route>/$<page path>`,
 * where the page path is the request's pathname with `/` written as `/index` (Next's normalizePagePath).
 */
const APP_PAGE_KEY = /^\/route-cache\/APP_PAGE\/[0-9a-f]+\/\$(\/.*)$/;

/**
 * The page path Next puts into a route-cache key for a request pathname (its normalizePagePath).
 * @param {string} pathname
 * @returns {string}
 */
export function pagePathOf(pathname) {
  if (pathname === '/') return '/index';
  return /^\/index(\/|$)/.test(pathname) ? `/index${pathname}` : pathname;
}

/** @param {string} key @param {Store} s */
function drop(key, s) {
  const e = s.entries.get(key);
  if (!e) return;
  s.entries.delete(key);
  s.bytes -= e.size;
  const page = APP_PAGE_KEY.exec(key)?.[1];
  if (page !== undefined && s.pages.get(page) === key) s.pages.delete(page);
}

/** @param {Entry} e @param {Store} s @returns {boolean} */
function invalidated(e, s) {
  if (e.lastModified <= s.clearedAt) return true;
  return e.tags.some((t) => (s.tagTimes.get(t) ?? 0) >= e.lastModified);
}

/**
 * Marks entries with any of the tags as expired (the root layout's tag: all of them), at `at` (local clock).
 * @param {string[]} tags
 * @param {number} [at]
 */
function expire(tags, at = Date.now()) {
  const s = store();
  if (tags.includes(ROOT_LAYOUT_TAG)) {
    s.clearedAt = Math.max(s.clearedAt, at);
    s.entries.clear();
    s.pages.clear();
    s.bytes = 0;
    return;
  }
  for (const t of tags) s.tagTimes.set(t, at);
  for (const [key, e] of s.entries) if (invalidated(e, s)) drop(key, s);
}

/**
 * Applies an invalidation that happened elsewhere (another instance) without telling the listeners again.
 * @param {string[]} tags
 */
export function invalidateRenderCacheTags(tags) {
  expire(tags);
}

/**
 * Hears every local invalidation (revalidatePath/revalidateTag in this process). Returns the unsubscribe.
 * @param {InvalidationListener} listener
 * @returns {() => void}
 */
export function onRenderCacheInvalidation(listener) {
  const s = store();
  s.listeners.add(listener);
  return () => s.listeners.delete(listener);
}

/** Counters and size, for diagnostics and the bench. */
export function renderCacheStats() {
  const s = store();
  return { entries: s.entries.size, bytes: s.bytes, ...s.stats };
}

/**
 * The fresh HTML page entry Next would answer a plain GET of `pathname` with as a cache HIT, or null (no entry, an
 * expired or stale one — Next re-renders those —, or not a 200 HTML page). For the fast path in server.mjs
 * (`./fast-path.mjs`); reading does not count as a hit, `countFastHit` does.
 * @param {string} pathname a request pathname, e.g. `/portfolio`
 * @param {number} [now]
 * @returns {Entry | null}
 */
export function freshPageEntry(pathname, now = Date.now()) {
  const s = store();
  const key = s.pages.get(pagePathOf(pathname));
  const e = key === undefined ? undefined : s.entries.get(key);
  if (!e || invalidated(e, s)) return null;
  const v = e.value;
  if (v.kind !== 'APP_PAGE' || typeof v.html !== 'string' || (v.status !== undefined && v.status !== 200)) return null;
  // Next's staleness rule: older than the page's revalidate period → STALE (served once, re-rendered in the
  // background). Those requests stay with Next.
  const cc = /** @type {{ revalidate?: unknown } | null | undefined} */ (e.cacheControl);
  const revalidate = cc?.revalidate;
  // Without a stored lifetime Next falls back to the build's manifest (or 1 s): leave those to Next.
  if (typeof revalidate === 'number') {
    if (now - e.lastModified >= revalidate * 1000) return null;
  } else if (revalidate !== false) return null;
  return e;
}

/**
 * Counts an answer the fast path gave from `e` and keeps it recently used, as a HIT through `get()` would.
 * @param {Entry} e
 */
export function countFastHit(e) {
  const s = store();
  if (s.entries.get(e.key) !== e) return;
  s.entries.delete(e.key);
  s.entries.set(e.key, e);
  s.stats.hits++;
  s.stats.fastHits++;
}

/** Where the build's static files are (set from Next's options; `.next/static` of the working directory otherwise). */
let staticDir = path.join(process.cwd(), '.next', 'static');
/** @type {Map<string, string | null>} build files never change while this process runs */
const fileIntegrity = new Map();

/**
 * `sha256-…` of a file under /_next/static/, or null when it is not one of the build's files.
 * @param {string} src
 * @returns {string | null}
 */
function integrityOf(src) {
  const clean = src.split(/[?#]/)[0] ?? '';
  if (!clean.startsWith('/_next/static/')) return null;
  if (fileIntegrity.has(clean)) return fileIntegrity.get(clean) ?? null;
  let value = null;
  try {
    const rel = decodeURIComponent(clean.slice('/_next/static/'.length));
    const file = path.resolve(staticDir, rel);
    if (file.startsWith(staticDir + path.sep)) value = `sha256-${createHash('sha256').update(fs.readFileSync(file)).digest('base64')}`;
  } catch {
    value = null;
  }
  fileIntegrity.set(clean, value);
  return value;
}

/**
 * Pins every chunk the HTML loads to its content: `integrity` on `<script src>` and script preloads that lack it.
 * Next adds integrity to its bootstrap scripts (`experimental.sri`), but React emits the client components'
 * chunks without it; under a hash policy with 'strict-dynamic' an external script in the markup is allowed only
 * through a hash that its integrity attribute carries (the browser also checks the file against it).
 * @param {string} html
 * @returns {string}
 */
export function pinChunkIntegrity(html) {
  return html.replace(/<(script|link)\b([^>]*)>/gi, (tag, name, attrs) => {
    if (/\sintegrity=/i.test(attrs)) return tag;
    const lower = String(name).toLowerCase();
    let url;
    if (lower === 'script') url = /\ssrc="([^"]+)"/i.exec(attrs)?.[1];
    else if (/\srel="(preload|modulepreload)"/i.test(attrs) && (/\sas="script"/i.test(attrs) || /modulepreload/i.test(attrs))) url = /\shref="([^"]+)"/i.exec(attrs)?.[1];
    if (!url) return tag;
    const integrity = integrityOf(url.replace(/&amp;/g, '&'));
    if (!integrity) return tag;
    return `<${name}${attrs.replace(/\/$/, '')} integrity="${integrity}"${attrs.endsWith('/') ? '/' : ''}>`;
  });
}

/** Kinds of cached values Next 16 has that are not pages (their responses carry no HTML to protect). */
const NOT_PAGES = new Set(['APP_ROUTE', 'FETCH', 'REDIRECT', 'IMAGE']);

/**
 * The policy of an answer whose own policy could not be computed: no script at all runs. The page still shows
 * (server-rendered HTML, forms that work without JavaScript); it is never stored, so every request renders it anew.
 */
export const FAIL_CLOSED_POLICY = policyWithScriptSources([], false).replace(/script-src [^;]*/, "script-src 'none'");

let failureLogged = false;

/**
 * Adds the policy for its own scripts to an HTML page entry (mutating it: Next sends the same object on a MISS).
 * Pages rendered without a nonce only (the proxy sends none to cached paths).
 *
 * Fails closed: a value that is, or may be, a page but whose policy cannot be computed — a shape this code does
 * not know (an unknown kind, HTML that is not a string, a policy that cannot be built) — gets FAIL_CLOSED_POLICY
 * and `'failed'`, and `set()` does not store it.
 * @param {CacheValue} value
 * @returns {'policy' | 'nonce' | 'empty' | 'not-a-page' | 'failed'}
 */
export function attachPolicy(value) {
  if (typeof value !== 'object' || value === null) return 'failed';
  if (NOT_PAGES.has(value.kind) && !('html' in value)) return 'not-a-page';
  try {
    if (value.kind !== 'APP_PAGE' || typeof value.html !== 'string') throw new Error(`unknown cache value shape (kind ${String(value.kind)}, html ${typeof value.html})`);
    // An entry without HTML (a data-only one) sends no document: nothing to protect.
    if (!value.html) return 'empty';
    // Rendered with the proxy's nonce (a per-request area, e.g. the 404 of an unknown /admin/… path): that
    // response already carries the nonce policy, and a second policy must not be added.
    if (NONCE_SCRIPT.test(value.html)) return 'nonce';
    const html = pinChunkIntegrity(value.html);
    const policy = policyForHtml(html);
    if (typeof policy !== 'string' || !/(^|;\s*)script-src 'self' [^;]*'strict-dynamic'/.test(policy) || /script-src[^;]*'unsafe-inline'/.test(policy)) {
      throw new Error('the computed policy is not a strict script-src');
    }
    value.html = html;
    value.headers = withPolicy(value.headers, policy);
    return 'policy';
  } catch (err) {
    if (!failureLogged) {
      failureLogged = true;
      console.error(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'error',
          msg: 'render cache: a page policy could not be computed; such pages are not cached and run no scripts (fail closed)',
          err: err instanceof Error ? err.message : String(err),
        }),
      );
    }
    try {
      value.headers = withPolicy(value.headers, FAIL_CLOSED_POLICY);
    } catch {
      // A value whose headers cannot even be set is still not stored.
    }
    return 'failed';
  }
}

/**
 * @param {CacheValue['headers']} current
 * @param {string} policy
 */
function withPolicy(current, policy) {
  const headers = { ...(current && typeof current === 'object' ? current : {}) };
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
  headers['content-security-policy'] = policy;
  return headers;
}

export default class RenderCacheHandler {
  /** @param {{ serverDistDir?: string }} [options] */
  constructor(options) {
    store();
    if (options?.serverDistDir) staticDir = path.resolve(options.serverDistDir, '..', 'static');
  }

  /**
   * @param {string} key
   * @returns {Promise<{ value: CacheValue, lastModified: number, cacheControl?: unknown } | null>}
   */
  async get(key) {
    const s = store();
    const e = s.entries.get(key);
    if (!e || invalidated(e, s)) {
      if (e) drop(key, s);
      s.stats.misses++;
      return null;
    }
    // Least recently used goes first when the cache is full: re-insert on every hit.
    s.entries.delete(key);
    s.entries.set(key, e);
    s.stats.hits++;
    return e.cacheControl ? { value: e.value, lastModified: e.lastModified, cacheControl: e.cacheControl } : { value: e.value, lastModified: e.lastModified };
  }

  /**
   * @param {string} key
   * @param {CacheValue | null} data
   * @param {{ tags?: string[], softTags?: string[], cacheControl?: unknown }} [ctx]
   */
  async set(key, data, ctx = {}) {
    const s = store();
    const previous = s.entries.get(key);
    drop(key, s);
    if (!data) return;
    /** The sha256 of the page as Next rendered it, before the steps below. */
    let source;
    if (data.kind === 'APP_PAGE' && typeof data.html === 'string' && data.html && !NONCE_SCRIPT.test(data.html)) {
      source = createHash('sha256').update(data.html).digest('base64');
    }
    if (source && previous?.source === source && typeof previous.value.html === 'string') {
      // The same markup rendered again (the page lifetime's background re-render, every 60 s while visitors come):
      // the steps below depend on the markup and the build alone, so their result is reused. (An invalidated entry
      // is dropped when it is read, so after an edit the page is processed anew.)
      // Beasties alone took 171 ms for the blog post on an idle server and 1.9 s while the server was under load,
      // a stall of every request once a minute per page.
      data.html = previous.value.html;
    } else if (source && typeof data.html === 'string') {
      // The page's critical rules inline, its stylesheets no longer blocking the first paint
      // (docs/decisions/101-critical-css-inline.md), as long as the page stays within its HTML budget. Before the
      // policy: the step adds an inline script.
      try {
        // Loaded on first use: the proxy and the app import this module too, and never store a page.
        const { inlineCriticalCss } = await import('./critical-css.mjs');
        data.html = await inlineCriticalCss(data.html, staticDir, htmlLimitFor(APP_PAGE_KEY.exec(key)?.[1] ?? key));
      } catch (err) {
        // The page as rendered (linked stylesheets) is still a correct page, but not one to reuse: the next render tries again.
        source = undefined;
        console.warn(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg: 'render cache: critical CSS not inlined', err: err instanceof Error ? err.message : String(err) }));
      }
      // The build's scripts after the first frame (docs/decisions/105-scripts-after-the-first-frame.md); chunks
      // pinned first, so the loader carries every chunk's integrity.
      data.html = deferFrameworkScripts(pinChunkIntegrity(data.html));
      // The first frame with the page's content, laid out once (docs/decisions/108-first-frame-with-the-content.md).
      data.html = holdFirstFrameForContent(data.html);
    }
    // Fail closed: what may be a page but got no policy of its own is never kept (attachPolicy gave this one
    // answer a no-script policy); it renders anew on every request.
    if (attachPolicy(data) === 'failed') return;
    // A not-found answer is not kept: any path can be asked for, the cache must not fill up with them, and the
    // app-wide 404 page (one route for every unknown path) prints the path it was rendered for.
    if (data.kind === 'APP_PAGE' && (data.status === 404 || ERROR_ROUTE.test(key))) return;
    // Never keep a page rendered with a request's nonce: served again, it would carry no valid policy.
    if (data.kind === 'APP_PAGE' && typeof data.html === 'string' && NONCE_SCRIPT.test(data.html)) return;
    const headerTags = data.headers?.[TAGS_HEADER];
    const tags = [...(typeof headerTags === 'string' ? headerTags.split(',') : []), ...(ctx.tags ?? []), ...(ctx.softTags ?? [])].filter(Boolean);
    const size = byteSize(data.html) + byteSize(data.rscData) + byteSize(data.segmentData) + 512;
    const limit = maxBytes();
    if (size > limit) return;
    s.entries.set(key, { key, value: data, lastModified: Date.now(), tags, cacheControl: ctx.cacheControl, size, source });
    s.bytes += size;
    const page = APP_PAGE_KEY.exec(key)?.[1];
    if (page !== undefined) s.pages.set(page, key);
    s.stats.sets++;
    for (const oldest of s.entries.keys()) {
      if (s.bytes <= limit) break;
      drop(oldest, s);
      s.stats.evictions++;
    }
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    const list = (Array.isArray(tags) ? tags : [tags]).filter((t) => typeof t === 'string' && t);
    if (!list.length) return;
    expire(list);
    for (const listener of store().listeners) {
      try {
        listener(list);
      } catch (err) {
        console.warn('render cache: an invalidation listener failed', err);
      }
    }
  }

  resetRequestCache() {}
}
