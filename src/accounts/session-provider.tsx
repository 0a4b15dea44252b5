'use client';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { SessionUser } from './session-user';
import { maintainSessionAction } from './actions/account';

/**
 * Shared state `strapi_user` (SPEC §3): the signed-in user, seeded from the server render. When the server
 * could not update the cookie during render (token failed, or due for renewal) it asks us to run the upkeep
 * action once after hydration.
 */
export const STRAPI_USER_KEY = 'strapi_user';

const SessionContext = createContext<{ [STRAPI_USER_KEY]: SessionUser | null }>({ [STRAPI_USER_KEY]: null });

export function SessionProvider({ user, maintain, children }: { user: SessionUser | null; maintain: boolean; children: ReactNode }) {
  const done = useRef(false);
  useEffect(() => {
    if (!maintain || done.current) return;
    done.current = true;
    maintainSessionAction().catch(() => undefined);
  }, [maintain]);
  return <SessionContext.Provider value={{ [STRAPI_USER_KEY]: user }}>{children}</SessionContext.Provider>;
}

/** The signed-in user in client components (null when anonymous). */
export function useStrapiUser(): SessionUser | null {
  return useContext(SessionContext)[STRAPI_USER_KEY];
}
