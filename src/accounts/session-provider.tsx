'use client';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SessionUser } from './session-user';
import { currentSessionAction } from './session-actions';

/**
 * Shared state `strapi_user` (docs/spec.md, session): the signed-in user. Every page shares one HTML for all
 * visitors (public pages come from the render cache), so the state starts empty and, on first load, the current
 * user is fetched once after hydration by a server action that also does the cookie upkeep (drop a dead token,
 * renew a built-in one that is due).
 */
export const STRAPI_USER_KEY = 'strapi_user';

const SessionContext = createContext<{ [STRAPI_USER_KEY]: SessionUser | null }>({ [STRAPI_USER_KEY]: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    currentSessionAction()
      .then(setUser)
      .catch(() => setUser(null));
  }, []);
  return <SessionContext.Provider value={{ [STRAPI_USER_KEY]: user }}>{children}</SessionContext.Provider>;
}

/** The signed-in user in client components (null when anonymous or not yet loaded). */
export function useStrapiUser(): SessionUser | null {
  return useContext(SessionContext)[STRAPI_USER_KEY];
}
