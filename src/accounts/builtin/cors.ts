import { getEnv } from '@/platform/env';

/**
 * CORS for bearer-token API clients of the built-in account server (docs/decisions/091-accounts-for-other-front-ends.md): a front-end
 * on an origin listed in CORS_ORIGINS may call `/api/auth/*`, `/api/users/me` and `/api/connect/*` from the browser.
 * Answers echo the allowed origin and never allow credentials: our session cookie never crosses origins, and these
 * endpoints authenticate by the `Authorization` header alone, so a listed origin needs no cookie-CSRF Origin refusal.
 */

const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
const MAX_AGE_SECONDS = '600';

/** The request's Origin when CORS_ORIGINS lists it, else null. */
export function allowedCorsOrigin(request: Request): string | null {
  const origin = request.headers.get('origin')?.trim();
  if (!origin) return null;
  return getEnv().CORS_ORIGINS.includes(origin.toLowerCase()) ? origin : null;
}

/** Adds the CORS answer headers for an allowed origin (and `Vary: Origin` always: the answer depends on it). */
export function withCors(request: Request, response: Response): Response {
  // The handlers' answers are built here (Response.json, new Response): their headers are mutable, and set-cookie
  // headers stay as they are.
  const origin = allowedCorsOrigin(request);
  response.headers.append('vary', 'Origin');
  if (origin) {
    response.headers.set('access-control-allow-origin', origin);
    response.headers.set('access-control-expose-headers', 'Retry-After');
  }
  return response;
}

/**
 * The preflight (`OPTIONS`) answer: 204 with the allowed methods and headers for a listed origin asking for GET or
 * POST; anything else 403 without CORS headers (the browser then refuses the call).
 */
export function preflightResponse(request: Request): Response {
  const origin = allowedCorsOrigin(request);
  const method = request.headers.get('access-control-request-method')?.trim().toUpperCase();
  if (!origin || (method !== 'GET' && method !== 'POST')) {
    return Response.json(
      { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Origin not allowed', details: {} } },
      { status: 403, headers: { 'cache-control': 'no-store', vary: 'Origin' } },
    );
  }
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': MAX_AGE_SECONDS,
      'cache-control': 'no-store',
      vary: 'Origin',
    },
  });
}
