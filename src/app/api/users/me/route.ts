import { methodNotAllowed, preflight, serve } from '@/accounts/builtin/route.server';

export const dynamic = 'force-dynamic';

/** Built-in users-permissions endpoint (docs/protocols.md §1). */
export const GET = serve('me');

/** CORS preflight for front-ends in CORS_ORIGINS; other methods answer a JSON 405. */
export const OPTIONS = preflight;
export const POST = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
