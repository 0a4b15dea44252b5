import { NextResponse } from 'next/server';
import { getCurrentUser } from '@/accounts/guards.server';
import { renewSession } from '@/accounts/renewal.server';
import type { SessionUser } from '@/accounts/session-user';

export const dynamic = 'force-dynamic';

/**
 * The page's session check (SessionProvider, after hydration): "on first load, if no user is in state, the current
 * user is fetched" (docs/spec.md, session states) for pages served from the render cache, which carry no
 * per-visitor data. Route handlers can write cookies, so a token that no longer loads a user is dropped and a
 * built-in token due for renewal is replaced on the way. A plain GET with `fetch` keeps the public pages free of
 * server-action references (docs/decisions/056-first-load-js.md).
 */
export async function GET() {
  const outcome = await renewSession();
  const user: SessionUser | null = outcome === 'none' || outcome === 'cleared' ? null : await getCurrentUser();
  return NextResponse.json({ user }, { headers: { 'cache-control': 'private, no-store' } });
}
