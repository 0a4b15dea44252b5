// @ts-check
/**
 * Content-Security-Policy building blocks shared by the proxy (per-request nonce, TypeScript side) and the render
 * cache handler (hashes of a cached page's own inline scripts). Plain JavaScript because Next loads the cache
 * handler with Node's own loader, outside the bundler (docs/decisions/011-render-cache-csp.md).
 */
import { createHash } from 'node:crypto';

/** Allowed after consent, for browsers without CSP 3 ('strict-dynamic' makes CSP 3 browsers ignore it). */
const GTM = 'https://www.googletagmanager.com';

/**
 * The whole policy for a given list of script sources (nonce or hashes). Everything except `script-src` is the
 * same for cached and per-request pages.
 * @param {string[]} scriptSources e.g. `'nonce-…'` or `'sha256-…'` entries, already quoted
 * @param {boolean} dev adds 'unsafe-eval' (React's development build needs it)
 * @returns {string}
 */
export function policyWithScriptSources(scriptSources, dev) {
  return [
    `default-src 'self'`,
    `script-src 'self' ${[...scriptSources, "'strict-dynamic'"].join(' ')}${dev ? " 'unsafe-eval'" : ''} ${GTM}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https://images.ctfassets.net https:`,
    `font-src 'self'`,
    `connect-src 'self' https://www.google-analytics.com https://*.google-analytics.com`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

/** Script element types a browser executes (a missing type is JavaScript; JSON-LD and other data blocks are not). */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);

/**
 * @param {string} attrs the attribute text of a `<script …>` tag
 * @param {string} name
 * @returns {string | undefined}
 */
function attribute(attrs, name) {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs);
  if (!m) return undefined;
  return m[1] ?? m[2] ?? m[3] ?? '';
}

/**
 * The script sources a rendered HTML document needs under a hash-based policy:
 * - `'sha256-…'` of the exact text of every executable inline `<script>` (how browsers hash inline scripts);
 * - the `integrity` value of every external `<script src integrity>` (CSP 3 lets a hash source allow an external
 *   script whose integrity attribute carries that hash; Next adds the attribute with `experimental.sri`).
 * Duplicates are dropped; order follows the document.
 * @param {string} html
 * @returns {string[]}
 */
export function scriptSourcesForHtml(html) {
  /** @type {Set<string>} */
  const sources = new Set();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    const type = (attribute(attrs, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    const src = attribute(attrs, 'src');
    if (src !== undefined) {
      const integrity = attribute(attrs, 'integrity');
      for (const token of (integrity ?? '').split(/\s+/)) {
        if (/^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(token)) sources.add(`'${token}'`);
      }
      continue;
    }
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/**
 * The policy that belongs to one rendered document: exactly its own scripts are allowed.
 * @param {string} html
 * @returns {string}
 */
export function policyForHtml(html) {
  return policyWithScriptSources(scriptSourcesForHtml(html), false);
}
