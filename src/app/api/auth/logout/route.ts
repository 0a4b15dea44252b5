import { serve } from '@/accounts/builtin/route.server';

export const dynamic = 'force-dynamic';

/** Built-in extension: revokes the bearer token server-side (sign-out). Strapi itself has no such endpoint. */
export const POST = serve('logout');
