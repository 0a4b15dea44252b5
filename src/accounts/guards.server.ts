import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { accountsConfig } from './config';
import { serverClient } from './session.server';
import { StrapiClient, memoryTokenStore, memoryUserStore, type StrapiUser } from './strapi-client';
import { builtinFetch } from './builtin/fetch.server';
import { safeNextPath } from './next-path';
import type { SessionUser } from './session-user';

/**
 * The session contract every protected page, action and route handler codes against. The rule: each one calls
 * its guard at its own top — a layout or the proxy is never the only check (docs/spec.md §6).
 *
 *   const user = await requireUser();   // couples' pages — anonymous → /ucet/prihlaseni?next=…
 *   const admin = await requireAdmin(); // admin pages and server actions — anonymous → /admin/login?next=…, others → 403
 *   const a = await requireAdminApi(request); if (a instanceof Response) return a; // route handlers → 401/403 JSON
 */

export type { SessionUser } from './session-user';

function toSessionUser(u: StrapiUser): SessionUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    confirmed: u.confirmed,
    blocked: u.blocked,
    ...(u.role ? { role: { id: u.role.id, name: u.role.name, type: u.role.type } } : {}),
  };
}

/** Admin = role type equal to ADMIN_ROLE_TYPE (default `admin`). A missing role (Strapi without role.find) is not admin. */
export function isAdmin(user: SessionUser | null | undefined): boolean {
  return Boolean(user && !user.blocked && user.role?.type === accountsConfig().adminRoleType);
}

/**
 * The signed-in user of this request, loaded once from GET /users/me through the protocol client (memoised per
 * request with React `cache`). A failed fetch clears the token.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const client = await serverClient();
  if (!(await client.getToken())) return null;
  const user = await client.fetchUser();
  return user ? toSessionUser(user) : null;
});

/** The path being rendered (set by src/proxy.ts), for `?next=`. */
async function currentPathForNext(): Promise<string> {
  const h = await headers();
  return safeNextPath(h.get('x-full-path'), '/');
}

export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/ucet/prihlaseni?next=${encodeURIComponent(await currentPathForNext())}`);
  return user;
}

export async function requireAdmin(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/admin/login?next=${encodeURIComponent(await currentPathForNext())}`);
  if (!isAdmin(user)) forbidden();
  return user;
}

function apiError(status: 401 | 403, message: string): Response {
  return Response.json(
    { data: null, error: { status, name: status === 401 ? 'UnauthorizedError' : 'ForbiddenError', message } },
    { status, headers: { 'cache-control': 'no-store' } },
  );
}

/** A cookie's value from a raw Cookie header. */
function cookieFromHeader(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * For route handlers: the token comes from `Authorization: Bearer …` or the session cookie of the request.
 * Returns the admin, or a ready 401/403 JSON response (Czech message) to return as is:
 *   const admin = await requireAdminApi(request); if (admin instanceof Response) return admin;
 * (`requireAdmin()` also works in route handlers, but answers with redirects and the HTML 403 page.)
 */
export async function requireAdminApi(request: Request): Promise<SessionUser | Response> {
  const cfg = accountsConfig();
  const header = request.headers.get('authorization');
  const token = (header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined) ?? cookieFromHeader(request.headers.get('cookie'), cfg.cookie.name);
  if (!token) return apiError(401, 'Pro tuto akci se musíte přihlásit.');
  const client = new StrapiClient({
    url: cfg.url,
    prefix: cfg.prefix,
    version: cfg.version,
    userParams: cfg.userPopulate,
    tokens: memoryTokenStore(token),
    users: memoryUserStore(),
    fetch: cfg.source === 'builtin' ? builtinFetch : undefined,
  });
  const found = await client.fetchUser();
  const user = found ? toSessionUser(found) : null;
  if (!user) return apiError(401, 'Přihlášení vypršelo nebo je neplatné. Přihlaste se prosím znovu.');
  if (!isAdmin(user)) return apiError(403, 'K této akci nemáte oprávnění.');
  return user;
}
