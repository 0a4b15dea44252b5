import { NextResponse } from 'next/server';
import { currentSession } from '@/accounts/current-session.server';

export const dynamic = 'force-dynamic';

/**
 * The signed-in user for `SessionProvider` (`{ "user": … | null }`), with the cookie upkeep of
 * src/accounts/current-session.server.ts. A plain route rather than a server action: a server action would put
 * React's server-action client (≈ 9 KB gzip) into the first load of every public page
 * (docs/decisions/055-lcp-without-waiting.md).
 */
export async function GET() {
  const user = await currentSession();
  return NextResponse.json({ user }, { headers: { 'cache-control': 'private, no-store' } });
}
