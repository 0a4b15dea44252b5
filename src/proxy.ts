import { NextResponse, type NextRequest } from 'next/server';
import { buildCsp } from '@/platform/csp';
import { weddingRedirect } from '@/content/wedding-redirects';
import { oversizedFormPost, oversizedFormResponse } from '@/bookings/form-body-limit';

/**
 * Runs before every page and API request:
 * - `wedding-redirects` (SPEC §2): legacy wedding URLs → canonical /weddings/{slug} (308);
 * - a per-request CSP nonce (scripts) and a request id;
 * - the requested path for the not-found page ("Page not found: {full path}").
 */
export function proxy(request: NextRequest) {
  // Oversized booking form posts: a Czech 413 instead of Next's server-action 500.
  if (oversizedFormPost(request.method, request.nextUrl.pathname, request.headers.get('content-length'))) {
    return oversizedFormResponse(request.nextUrl.pathname);
  }
  const legacy = weddingRedirect(request.nextUrl.pathname, request.nextUrl.searchParams);
  if (legacy) {
    const url = request.nextUrl.clone();
    url.pathname = legacy.pathname;
    url.search = legacy.search ?? '';
    return NextResponse.redirect(url, 308);
  }

  const nonce = btoa(crypto.randomUUID());
  const csp = buildCsp(nonce, process.env.NODE_ENV !== 'production');
  const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  headers.set('x-request-id', requestId);
  headers.set('x-full-path', request.nextUrl.pathname + request.nextUrl.search);

  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  response.headers.set('x-request-id', requestId);
  return response;
}

export const config = {
  matcher: [
    // Everything except static assets and the image optimizer.
    '/((?!_next/static|_next/image|favicon.ico|icon.svg|fonts/).*)',
  ],
};
