'use client';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SessionUser } from './session-user';

/**
 * Shared state `strapi_user` (docs/spec.md, session): the signed-in user. Every page shares one HTML for all
 * visitors (public pages come from the render cache), so the state starts empty and, on first load, the current
 * user is fetched once after hydration from `GET /api/session`, which also does the cookie upkeep (drop a dead
 * token, renew a built-in one that is due). A plain `fetch`, not a server action: no public page references a
 * server action through the layout (docs/decisions/056-first-load-js.md).
 */
export const STRAPI_USER_KEY = 'strapi_user';

const SessionContext = createContext<{ [STRAPI_USER_KEY]: SessionUser | null }>({ [STRAPI_USER_KEY]: null });

/**
 * The answer of our own endpoint, checked by shape before it enters state. (No zod here: this module is part of
 * every page's first load, and the server side builds the object from a typed SessionUser.)
 */
function sessionUserFrom(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null || !('user' in body)) return null;
  const user: unknown = body.user;
  if (typeof user !== 'object' || user === null) return null;
  const u = user as Partial<Record<keyof SessionUser, unknown>>;
  const idOk = typeof u.id === 'number' || typeof u.id === 'string';
  if (!idOk || typeof u.username !== 'string' || typeof u.email !== 'string' || typeof u.confirmed !== 'boolean' || typeof u.blocked !== 'boolean') {
    return null;
  }
  return user as SessionUser;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetch('/api/session', { credentials: 'same-origin', cache: 'no-store' })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => setUser(sessionUserFrom(body)))
      .catch(() => setUser(null));
  }, []);
  return <SessionContext.Provider value={{ [STRAPI_USER_KEY]: user }}>{children}</SessionContext.Provider>;
}

/** The signed-in user in client components (null when anonymous or not yet loaded). */
export function useStrapiUser(): SessionUser | null {
  return useContext(SessionContext)[STRAPI_USER_KEY];
}
