import 'server-only';
import { getDb } from '@/db/db.server';
import { accountsConfig } from '../config';
import { preflightResponse, withCors } from './cors';
import { errorResponse, methodNotAllowedError, notFoundError } from './errors';
import { handlers } from './handlers.server';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * Route-file adapter: `export const POST = serve('login')`. With ACCOUNTS_SOURCE=strapi the accounts live in
 * Strapi and these endpoints answer 404, so there is exactly one place accounts can be created.
 */
export function serve(name: keyof typeof handlers) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    if (accountsConfig().source !== 'builtin') return errorResponse(notFoundError());
    const raw = (await context.params) ?? {};
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') params[k] = v;
    return handlers[name](await getDb(), request, params);
  };
}

/** `export const OPTIONS = preflight`: CORS preflights of the account endpoints (CORS_ORIGINS). */
export async function preflight(request: Request): Promise<Response> {
  if (accountsConfig().source !== 'builtin') return errorResponse(notFoundError());
  return preflightResponse(request);
}

/** The methods an account endpoint does not serve answer Strapi's JSON error (405), never an HTML page. */
export async function methodNotAllowed(request: Request): Promise<Response> {
  if (accountsConfig().source !== 'builtin') return errorResponse(notFoundError());
  return withCors(request, errorResponse(methodNotAllowedError()));
}
