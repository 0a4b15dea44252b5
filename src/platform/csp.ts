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
const PER_REQUEST_PREFIXES = ['admin', 'ucet', 'smlouva', 'galerie', 'simple-booking', 'api', 'builds', 'bench-minimal', 'test-gallery', 'testimonials-test'];

/** Query parameters a cached page's filtered twin reads (the cached page itself ignores queries). */
export const PORTFOLIO_FILTER_PARAMS = ['rok', 'kategorie'] as const;
export const GALLERY_PARAMS = ['kategorie', 'foto', 'strana'] as const;
/** Query parameters the booking page's per-request twin reads (`/rezervace/overeni`). */
export const RESERVATION_PARAMS = ['termin', 'balicek', 'datum', 'mesic'] as const;

/**
 * Whether a request path is answered without a nonce, from a render whose cache entry carries the policy with its
 * own scripts' hashes: every path except the per-request areas (admin, account, the short booking form, API,
 * diagnostics, the booking page's confirmation and per-request twin `/rezervace/…`),
 * the couple's contract pages (`/smlouva/…`), the list of terms versions read from the database on every request
 * (`/obchodni-podminky/verze…`) and the per-request twins of filtered views (`/portfolio/vyber`, `/weddings/…/galerie`). That covers the public
 * pages, their not-found answers and the app-wide 404 of unknown paths.
 * tests/e2e/render-cache-csp.e2e.ts checks every public page and the build's route list against it.
 */
export function rendersFromCache(pathname: string): boolean {
  const s = pathname.split('/').filter(Boolean);
  const first = s[0];
  if (first === undefined) return true;
  if (PER_REQUEST_PREFIXES.includes(first) || first.startsWith('strapi-')) return false;
  if (first === 'obchodni-podminky' && s[1] === 'verze') return false;
  // The booking page's shell is cached; its confirmation and its per-request twin are not.
  if (first === 'rezervace') return s.length === 1;
  return !isFilteredTwin(s);
}

function isFilteredTwin(s: string[]): boolean {
  if (s[0] === 'portfolio') return s.length === 2 && s[1] === 'vyber';
  if (s[0] === 'weddings' && s[s.length - 1] === 'galerie') return s.length === 3 || (s.length === 4 && s[1] === 'id');
  return false;
}
