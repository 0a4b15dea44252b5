import { serve } from '@/accounts/builtin/route.server';

export const dynamic = 'force-dynamic';

/** Built-in users-permissions endpoint (PROTOCOLS.md §1). */
export const POST = serve('forgotPassword');
