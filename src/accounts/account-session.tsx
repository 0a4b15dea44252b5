import type { ReactNode } from 'react';
import { getCurrentUser } from './guards.server';
import { sessionCookieIsStale } from './session.server';
import { sessionNeedsRenewal } from './renewal.server';
import { SessionProvider } from './session-provider';

/**
 * Server half of the session state: loads the current user once for the render (SPEC §4 "on first load the
 * current user is fetched") and hands it to the client provider.
 */
export async function AccountSession({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  const maintain = sessionCookieIsStale() || (user !== null && (await sessionNeedsRenewal()));
  return (
    <SessionProvider user={user} maintain={maintain}>
      {children}
    </SessionProvider>
  );
}
