import { policyWithScriptSources } from './csp-policy.mjs';

/**
 * Content-Security-Policy for pages rendered per request: a fresh nonce for scripts (Next adds it to every script
 * it emits). Pages served from the render cache carry a policy with their own scripts' hashes instead, computed
 * when the page is stored (docs/decisions/011-render-cache-csp.md).
 */
export function buildCsp(nonce: string, dev: boolean): string {
  return policyWithScriptSources([`'nonce-${nonce}'`], dev);
}

/** First path segments that never come from the render cache (per visitor, per request or diagnostics). */
const PER_REQUEST_PREFIXES = ['admin', 'ucet', 'rezervace', 'simple-booking', 'api', 'builds', 'bench-minimal', 'test-gallery', 'testimonials-test'];

/** Query parameters a cached page's filtered twin reads (the cached page itself ignores queries). */
export const PORTFOLIO_FILTER_PARAMS = ['rok', 'kategorie'] as const;
export const GALLERY_PARAMS = ['kategorie', 'foto'] as const;

/**
 * Whether a request path is answered by a page that lives in the render cache, i.e. its HTML (and its CSP) come
 * from a cache entry: `/`, one segment (the static pages and `/{slug}`), `/weddings/{slug}`, `/weddings/id/{id}`,
 * `/blog/{slug}`. Everything else is rendered per request with a nonce — including the app-wide 404 of deeper
 * unknown paths, which prints the requested path from the request.
 * Keep in sync with src/app/(site): tests/e2e/render-cache-csp.e2e.ts checks every public page and the
 * build's route list against it.
 */
export function rendersFromCache(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  if (first === undefined) return true;
  if (PER_REQUEST_PREFIXES.includes(first) || first.startsWith('strapi-') || first.startsWith('_next')) return false;
  if (segments.length === 1) return true;
  if (first === 'weddings') return segments.length === 2 || (segments.length === 3 && segments[1] === 'id');
  if (first === 'blog') return segments.length === 2;
  return false;
}
