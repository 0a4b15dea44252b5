import 'server-only';
import qs from 'qs';
import type { Db } from '@/db/client';
import { getEnv } from '@/platform/env';
import { accountsFrontendUrl } from '../config';
import { clientAddress, hitRateLimit } from '@/platform/rate-limit.server';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { log } from '@/platform/log';
import { isForeignOrigin } from '@/platform/origin';
import { allowedCorsOrigin, preflightResponse, withCors } from './cors';
import { AuthError, errorResponse, methodNotAllowedError, rateLimitError } from './errors';
import * as service from './service.server';
import { providerCallback, providerConnect, providerGrantCallback } from './oidc.server';

/**
 * HTTP layer of the built-in account server. Every handler takes (db, request) so the same code serves the
 * Next route files (src/app/api/...), the in-process dispatch used by the site's own server code, and tests.
 * Nothing here ever answers 500 for bad input: body, schema and domain errors all map to Strapi's 4xx envelope.
 */

export const RATE_WINDOW_MS = 5 * 60 * 1000;
const BODY_LIMIT = 16 * 1024;

export type Handler = (db: Db, request: Request, params?: Record<string, string>) => Promise<Response>;

function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/** Per route and client address (docs/spec.md §6: AUTH_RATE_LIMIT, default 5, per 5 minutes). */
async function rateLimit(db: Db, request: Request, route: string): Promise<void> {
  const env = getEnv();
  const who = clientAddress(request.headers);
  const result = await hitRateLimit(db, `auth:${route}:${who}`, env.AUTH_RATE_LIMIT, RATE_WINDOW_MS);
  if (!result.allowed) throw Object.assign(rateLimitError(), { retryAfter: result.retryAfterSeconds });
}

async function body(request: Request): Promise<unknown> {
  try {
    return await readJsonBody(request, BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyError) {
      if (err.status === 413) throw new AuthError(413, 'PayloadTooLargeError', 'Request entity too large');
      if (err.status === 415) throw new AuthError(415, 'ValidationError', 'Unsupported Media Type: expected application/json');
      throw new AuthError(400, 'ValidationError', 'Invalid JSON body');
    }
    throw err;
  }
}

function wrap(route: string | null, fn: (db: Db, request: Request, params: Record<string, string>) => Promise<Response>): Handler {
  return async (db, request, params = {}) => withCors(request, await answer(db, request, params, route, fn));
}

async function answer(
  db: Db,
  request: Request,
  params: Record<string, string>,
  route: string | null,
  fn: (db: Db, request: Request, params: Record<string, string>) => Promise<Response>,
): Promise<Response> {
  try {
    // State-changing calls from a page on another site are refused (the site's own pages call in-process), except
    // from a front-end listed in CORS_ORIGINS: a browser's call from there cannot carry our cookie (no credentials),
    // and these endpoints authenticate by the Authorization header alone.
    if (request.method === 'POST' && isForeignOrigin(request) && !allowedCorsOrigin(request)) {
      throw new AuthError(403, 'ForbiddenError', 'Cross-origin request refused');
    }
    if (route) await rateLimit(db, request, route);
    return await fn(db, request, params);
  } catch (err) {
    if (err instanceof AuthError) {
      const retryAfter = (err as AuthError & { retryAfter?: number }).retryAfter;
      return errorResponse(err, retryAfter ? { 'retry-after': String(retryAfter) } : undefined);
    }
    log.error('account server: unexpected error', { route: route ?? new URL(request.url).pathname, err });
    return errorResponse(new AuthError(500, 'InternalServerError', 'Internal Server Error'));
  }
}

/** `populate=role`, `populate[0]=role`, `populate=*`, `populate[role]=true` … — does it ask for the role? */
export function wantsRole(search: string): boolean {
  const parsed = qs.parse(search.replace(/^\?/, ''), { depth: 5, arrayLimit: 20, parameterLimit: 1000 });
  const p = parsed.populate;
  if (p === undefined) return false;
  if (typeof p === 'string') return p === '*' || p.split(',').map((s) => s.trim()).includes('role');
  if (Array.isArray(p)) return p.some((v) => v === '*' || v === 'role');
  if (p && typeof p === 'object') return 'role' in p || '*' in p;
  return false;
}

export const handlers = {
  login: wrap('/auth/local', async (db, request) => json(await service.login(db, await body(request)))),
  register: wrap('/auth/local/register', async (db, request) => json(await service.register(db, await body(request)))),
  forgotPassword: wrap('/auth/forgot-password', async (db, request) => json(await service.forgotPassword(db, await body(request)))),
  resetPassword: wrap('/auth/reset-password', async (db, request) => json(await service.resetPassword(db, await body(request)))),
  changePassword: wrap('/auth/change-password', async (db, request) => {
    const token = bearerToken(request);
    const caller = token ? await service.authenticateToken(db, token) : null;
    if (token && !caller) throw new AuthError(401, 'UnauthorizedError', 'Missing or invalid credentials');
    return json(await service.changePassword(db, caller, await body(request), token && caller ? await service.tokenId(db, token) : null));
  }),
  sendEmailConfirmation: wrap('/auth/send-email-confirmation', async (db, request) =>
    json(await service.sendEmailConfirmation(db, await body(request))),
  ),
  emailConfirmation: wrap('/auth/email-confirmation', async (db, request) => {
    await service.confirmEmail(db, new URL(request.url).searchParams.get('confirmation'));
    // Strapi redirects to its configured page; ours is the sign-in page of the site or of ACCOUNTS_FRONTEND_URL.
    return new Response(null, { status: 302, headers: { location: `${accountsFrontendUrl()}/ucet/prihlaseni?potvrzeno=1`, 'cache-control': 'no-store' } });
  }),
  logout: wrap(null, async (db, request) => json(await service.logout(db, bearerToken(request)))),
  me: wrap(null, async (db, request) => {
    const url = new URL(request.url);
    return json(await service.me(db, bearerToken(request), wantsRole(url.search)));
  }),
  connect: wrap('/connect', async (db, request, params) => providerConnect(db, request, params.provider ?? '')),
  grantCallback: wrap('/connect/callback', async (db, request, params) => providerGrantCallback(db, request, params.provider ?? '')),
  providerCallback: wrap('/auth/callback', async (db, request, params) => json(await providerCallback(db, request, params.provider ?? ''))),
} satisfies Record<string, Handler>;

/** Path (after the /api prefix) → handler, for the in-process dispatch and the test server. */
export function routeFor(method: string, path: string): { handler: Handler; params: Record<string, string> } | null {
  const m = method.toUpperCase();
  const table: [string, RegExp, Handler][] = [
    ['POST', /^\/auth\/local$/, handlers.login],
    ['POST', /^\/auth\/local\/register$/, handlers.register],
    ['POST', /^\/auth\/forgot-password$/, handlers.forgotPassword],
    ['POST', /^\/auth\/reset-password$/, handlers.resetPassword],
    ['POST', /^\/auth\/change-password$/, handlers.changePassword],
    ['POST', /^\/auth\/send-email-confirmation$/, handlers.sendEmailConfirmation],
    ['GET', /^\/auth\/email-confirmation$/, handlers.emailConfirmation],
    ['POST', /^\/auth\/logout$/, handlers.logout],
    ['GET', /^\/users\/me$/, handlers.me],
    ['GET', /^\/connect\/(?<provider>[\w-]+)$/, handlers.connect],
    ['GET', /^\/connect\/(?<provider>[\w-]+)\/callback$/, handlers.grantCallback],
    ['GET', /^\/auth\/(?<provider>[\w-]+)\/callback$/, handlers.providerCallback],
  ];
  let known = false;
  for (const [verb, re, handler] of table) {
    const match = re.exec(path);
    if (match && verb === m) return { handler, params: { ...match.groups } };
    if (match) known = true;
  }
  // A known path asked with another method: the CORS preflight, or Strapi's JSON 405 (never an HTML page).
  if (known && m === 'OPTIONS') return { handler: async (_db, request) => preflightResponse(request), params: {} };
  if (known) return { handler: async (_db, request) => withCors(request, errorResponse(methodNotAllowedError())), params: {} };
  return null;
}

/** Serve one request addressed to `{base}/api/...` (used in-process and by the protocol test server). */
export async function dispatch(db: Db, request: Request, prefix = '/api'): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
  const route = routeFor(request.method, path);
  if (!route) return errorResponse(new AuthError(404, 'NotFoundError', 'Not Found'));
  return route.handler(db, request, route.params);
}
