import { serve } from '@/accounts/builtin/route.server';

export const dynamic = 'force-dynamic';

/** Built-in users-permissions endpoint (docs/protocols.md §1). */
export const POST = serve('sendEmailConfirmation');
