import { methodNotAllowed, preflight, serve } from '@/accounts/builtin/route.server';

export const dynamic = 'force-dynamic';

/** Built-in extension: revokes the bearer token server-side (sign-out). Strapi itself has no such endpoint. */
export const POST = serve('logout');

/** CORS preflight for front-ends in CORS_ORIGINS; other methods answer a JSON 405. */
export const OPTIONS = preflight;
export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
