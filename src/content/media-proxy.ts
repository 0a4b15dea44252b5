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

/** The upstream URL for a proxied path, or null when the path is not one we proxy. */
export function upstreamMediaUrl(serverUrl: string, segments: string[], search: string): string | null {
  if (segments.length === 0 || segments.length > 12) return null;
  for (const s of segments) {
    if (!SAFE_SEGMENT.test(s) || s === '.' || s === '..' || /%2f|%5c|%2e%2e/i.test(s)) return null;
  }
  return `${trimSlash(serverUrl)}/${segments.join('/')}${search}`;
}
