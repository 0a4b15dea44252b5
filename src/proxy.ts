import { NextResponse, type NextRequest } from 'next/server';
import { buildCsp, GALLERY_PARAMS, PORTFOLIO_FILTER_PARAMS, RESERVATION_PARAMS, rendersFromCache } from '@/platform/csp';
import { weddingRedirect } from '@/content/wedding-redirects';
import { oversizedFormPost, oversizedFormResponse } from '@/bookings/form-body-limit';
import { parseQuery, QueryLimitError } from '@/platform/query';
import { getEnv } from '@/platform/env';
import { HSTS_VALUE, wantsHsts } from '@/platform/security-headers';
import { DECLARED_STATUS } from '@/platform/declared-response.mjs';

/**
 * Runs before every page and API request:
 * - query-string limits (docs/spec.md §9: 1000 parameters, arrays of 20, depth 5): over-limit → Czech 400/414;
 * - `wedding-redirects` (docs/spec.md §2): legacy wedding URLs → canonical /weddings/{slug} (308);
 * - pages from the render cache (docs/decisions/011-render-cache-csp.md) get no nonce: their cache entry carries a
 *   policy with the hashes of their own scripts; a cached page asked with the query its filtered view reads
 *   (`/portfolio?rok=`, `/weddings/{slug}?foto=`, `/rezervace?termin=`) is rewritten to that view's per-request twin;
 * - every other page gets a per-request CSP nonce (scripts) and the requested path for its not-found page
 *   ("Page not found: {full path}");
 * - HSTS behind https, and a request id for the logs.
 */
export async function proxy(request: NextRequest) {
  // Oversized booking form posts: a Czech 413 instead of Next's server-action 500.
  if (oversizedFormPost(request.method, request.nextUrl.pathname, request.headers.get('content-length'))) {
    return oversizedFormResponse(request.nextUrl.pathname);
  }

  const requestId = request.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
  const env = getEnv();
  const hsts = wantsHsts(env.SITE_URL, env.NODE_ENV);

  if (request.nextUrl.search) {
    try {
      parseQuery(request.nextUrl.search);
    } catch (err) {
      if (err instanceof QueryLimitError) return limitResponse(request, err, requestId);
      throw err;
    }
  }

  const legacy = weddingRedirect(request.nextUrl.pathname, request.nextUrl.searchParams);
  if (legacy) {
    const url = request.nextUrl.clone();
    url.pathname = legacy.pathname;
    url.search = legacy.search ?? '';
    const res = NextResponse.redirect(url, 308);
    res.headers.set('x-request-id', requestId);
    if (hsts) res.headers.set('strict-transport-security', HSTS_VALUE);
    return res;
  }

  const pathname = request.nextUrl.pathname;
  if (rendersFromCache(pathname)) {
    const twin = filteredTwin(pathname, request.nextUrl.searchParams);
    if (!twin) {
      const headers = new Headers(request.headers);
      // Never let a client-sent header reach a cached render as if the proxy had set it.
      headers.delete('x-nonce');
      headers.delete('content-security-policy');
      headers.delete('x-full-path');
      headers.set('x-request-id', requestId);
      // A cache fill must not depend on the request's query: Next writes the URL it rendered into the page's
      // flight data, so `?email=…&utm_…` of the visitor who filled the cache would be sent to every later visitor.
      // Cached pages read no query, so they render for the bare path (the address bar keeps the query).
      const bare = queryFreeUrl(request.nextUrl);
      const response = bare ? NextResponse.rewrite(bare, { request: { headers } }) : NextResponse.next({ request: { headers } });
      response.headers.set('x-request-id', requestId);
      if (hsts) response.headers.set('strict-transport-security', HSTS_VALUE);
      return response;
    }
    const url = request.nextUrl.clone();
    url.pathname = twin;
    return perRequest(request, requestId, hsts, url);
  }
  const gallery = galleryPath(pathname);
  if (gallery) {
    const expired = await galleryExpired(gallery, env.PORT);
    const response = expired ? perRequest(request, requestId, hsts, galleryGoneUrl(request, gallery)) : perRequest(request, requestId, hsts);
    response.headers.set('x-robots-tag', 'noindex, nofollow');
    // Next ignores a rewrite's status: server.mjs turns this into the 410 (src/platform/declared-response.mjs).
    if (expired) response.headers.set(DECLARED_STATUS, '410');
    return response;
  }
  return perRequest(request, requestId, hsts);
}

/** The slug of a couple's gallery page `/galerie/{slug}`, or null. */
function galleryPath(pathname: string): string | null {
  return /^\/galerie\/([a-z0-9-]{1,120})\/?$/.exec(pathname)?.[1] ?? null;
}

function galleryGoneUrl(request: NextRequest, slug: string): URL {
  const url = request.nextUrl.clone();
  url.pathname = `/galerie/${slug}/vyprsela`;
  return url;
}

/**
 * Whether the gallery is past its expiry, asked of this server's own API (the proxy keeps away from the
 * database). When that fails the page is served as usual: it shows the same expiry notice, only with 200.
 */
async function galleryExpired(slug: string, port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/galleries/${slug}/state`, { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { state?: unknown };
    return body.state === 'expired';
  } catch {
    return false;
  }
}

/**
 * The URL without its query — keeping only Next's own `_rsc` cache-busting parameter, which its router checks —,
 * or null when the query is already empty.
 */
function queryFreeUrl(url: NextRequest['nextUrl']): URL | null {
  if (!url.search) return null;
  const bare = url.clone();
  const rsc = url.searchParams.get('_rsc');
  bare.search = rsc === null ? '' : `?_rsc=${encodeURIComponent(rsc)}`;
  return bare.search === url.search ? null : bare;
}

/** A per-request render: fresh nonce on the request (Next adds it to its scripts) and the response's policy. */
function perRequest(request: NextRequest, requestId: string, hsts: boolean, rewriteTo?: URL) {
  const nonce = btoa(crypto.randomUUID());
  const csp = buildCsp(nonce, process.env.NODE_ENV !== 'production');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  headers.set('x-request-id', requestId);
  headers.set('x-full-path', request.nextUrl.pathname + request.nextUrl.search);

  const response = rewriteTo ? NextResponse.rewrite(rewriteTo, { request: { headers } }) : NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  response.headers.set('x-request-id', requestId);
  if (hsts) response.headers.set('strict-transport-security', HSTS_VALUE);
  return response;
}

/**
 * The per-request route that renders a cached page's query-filtered view, or null when the query does not
 * change the page (tracking parameters and the like are served from the cache).
 */
function filteredTwin(pathname: string, params: URLSearchParams): string | null {
  const has = (names: readonly string[]) => names.some((n) => params.has(n));
  if (pathname === '/portfolio' && has(PORTFOLIO_FILTER_PARAMS)) return '/portfolio/vyber';
  if (pathname === '/rezervace' && has(RESERVATION_PARAMS)) return '/rezervace/overeni';
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'weddings' && segments.length >= 2 && segments.length <= 3 && has(GALLERY_PARAMS)) {
    return `${pathname.replace(/\/$/, '')}/galerie`;
  }
  return null;
}

function limitResponse(request: NextRequest, err: QueryLimitError, requestId: string) {
  const common = { 'x-request-id': requestId, 'cache-control': 'no-store' };
  if (request.nextUrl.pathname.startsWith('/api/')) {
    return NextResponse.json({ error: err.message }, { status: err.status, headers: common });
  }
  const title = err.status === 414 ? 'Příliš dlouhá adresa' : 'Neplatná adresa';
  const html = `<!doctype html><html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${err.message}</p><p><a href="/">Zpět na úvodní stránku</a></p></main></body></html>`;
  return new NextResponse(html, { status: err.status, headers: { ...common, 'content-type': 'text/html; charset=utf-8' } });
}

export const config = {
  matcher: [
    // Everything except static assets, the image optimizer and photo uploads (the proxy would buffer an upload's
    // body and cut it at 10 MB; the upload routes do their own checks and need no CSP nonce).
    '/((?!_next/static|_next/image|favicon.ico|site-icon.png|fonts/|api/admin/weddings/[^/]+/photos|api/admin/galleries/[^/]+/photos|api/admin/uploads).*)',
  ],
};
