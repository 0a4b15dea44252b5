'use server';
import { getCurrentUser } from './guards.server';
import { renewSession } from './renewal.server';
import type { SessionUser } from './session-user';

/**
 * "On first load, if no user is in state, the current user is fetched" (docs/spec.md, session states), for pages
 * served from the render cache, which carry no per-visitor data. Runs where cookies are writable, so a token that
 * no longer loads a user is dropped and a built-in token due for renewal is replaced on the way.
 */
export async function currentSessionAction(): Promise<SessionUser | null> {
  const outcome = await renewSession();
  if (outcome === 'none' || outcome === 'cleared') return null;
  return getCurrentUser();
}
