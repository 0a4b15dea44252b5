import { siteUrl } from './env';

/**
 * A state-changing endpoint refuses requests whose Origin header names another site (a page elsewhere making the
 * visitor's browser post here). Without an Origin header (server-to-server clients, curl) there is nothing to
 * check. Allowed: the configured public origin (SITE_URL) and the origin the request itself was addressed to.
 */
export function isForeignOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  const allowed = new Set<string>();
  try {
    allowed.add(new URL(siteUrl()).origin);
  } catch {
    /* SITE_URL is validated at start-up */
  }
  const host = request.headers.get('host');
  if (host) {
    const proto = new URL(request.url).protocol;
    allowed.add(`${proto}//${host}`.toLowerCase());
    allowed.add(`https://${host}`.toLowerCase());
  }
  return !allowed.has(origin.trim().toLowerCase());
}

export const FOREIGN_ORIGIN_MESSAGE = 'Požadavek z cizí webové stránky byl odmítnut.';
