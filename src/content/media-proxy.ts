/**
 * Images a self-hosted CMS serves from its own origin (Strapi's /uploads/…, or a Contentful stand-in that
 * serves assets itself) are delivered through the site: /api/media/{source}/{path}. That keeps them
 * same-origin (CSP `img-src 'self'`), lets `next/image` optimise them as local images without build-time
 * remotePatterns for a server only known at run time, and never lets the optimiser fetch arbitrary local
 * addresses. Only paths on the configured server are proxied.
 */
export type MediaSource = 'strapi' | 'contentful';

export const MEDIA_PREFIX = '/api/media';

function trimSlash(s: string): string {
  return s.replace(/\/+$/, '');
}

/** `http://cms:1337/uploads/a.jpg` (server `http://cms:1337`) → `/api/media/strapi/uploads/a.jpg`. */
export function proxiedMediaUrl(source: MediaSource, absoluteUrl: string, serverUrl: string): string {
  let target: URL;
  let server: URL;
  try {
    target = new URL(absoluteUrl);
    server = new URL(serverUrl);
  } catch {
    return absoluteUrl;
  }
  const basePath = trimSlash(server.pathname);
  if (target.origin !== server.origin || !target.pathname.startsWith(`${basePath}/`)) return absoluteUrl;
  const rest = target.pathname.slice(basePath.length + 1);
  return `${MEDIA_PREFIX}/${source}/${rest}${target.search}`;
}

const SAFE_SEGMENT = /^[A-Za-z0-9._~%@+=,-]+$/;

/**
 * The upstream URL for a proxied path, or null when the path is not one we proxy.
 *
 * `segments` are the path's segments as the router decoded them (once). They are joined and resolved once, the way
 * the upstream request will be (WHATWG URL: `%2e` counts as a dot, so `%2e.` is `..`), and the resolved path must
 * still lie under `root` on the configured server (`uploads/` for Strapi), with no dot segment removed on the
 * way: no encoding of `.` or `..` gets through. Escaped slashes, backslashes, NULs and escaped percent signs
 * (a second decoding upstream) are refused outright.
 */
export function upstreamMediaUrl(serverUrl: string, segments: string[], search: string, root = ''): string | null {
  if (segments.length === 0 || segments.length > 12) return null;
  for (const s of segments) {
    if (!SAFE_SEGMENT.test(s) || /%(?:2f|5c|00|25)/i.test(s)) return null;
  }
  let server: URL;
  let target: URL;
  try {
    server = new URL(serverUrl);
    const base = trimSlash(server.pathname);
    target = new URL(`${base}/${segments.join('/')}`, server.origin);
  } catch {
    return null;
  }
  const base = trimSlash(server.pathname);
  const joined = `${base}/${segments.join('/')}`;
  if (target.origin !== server.origin || target.pathname !== joined || !target.pathname.startsWith(`${base}/${root}`)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.pathname);
  } catch {
    return null;
  }
  if (decoded.split('/').some((s) => s === '.' || s === '..') || decoded.includes('\\')) return null;
  return `${target.origin}${target.pathname}${search}`;
}
