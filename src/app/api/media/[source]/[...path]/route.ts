import { upstreamMediaUrl } from '@/content/media-proxy';
import { getEnv } from '@/platform/env';
import { log } from '@/platform/log';

/**
 * Images of a self-hosted CMS delivered through the site (see src/content/media-proxy.ts):
 * /api/media/strapi/uploads/photo_abc.jpg → {STRAPI_URL}/uploads/photo_abc.jpg.
 * Only the configured server, only images, bounded size and time.
 */
export const runtime = 'nodejs';

const MAX_BYTES = 25 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

function fail(status: number, error: string) {
  return Response.json({ error }, { status, headers: { 'cache-control': 'no-store' } });
}

function serverFor(source: string): string | undefined {
  const env = getEnv();
  if (source === 'strapi') return env.STRAPI_URL;
  // Only a Contentful stand-in (tests, staging) serves assets from the CDA origin; real assets live on
  // images.ctfassets.net and are loaded directly through the Images API loader.
  if (source === 'contentful' && env.CONTENT_SOURCE === 'contentful') return env.CONTENTFUL_CDA_URL;
  return undefined;
}

export async function GET(request: Request, ctx: { params: Promise<{ source: string; path: string[] }> }) {
  const { source, path } = await ctx.params;
  const server = serverFor(source);
  if (!server) return fail(404, 'Zdroj obrázků není nastaven.');
  // Strapi keeps media under /uploads/; nothing else on that server (its API, admin panel) is proxied.
  if (source === 'strapi' && path[0] !== 'uploads') return fail(404, 'Obrázek nebyl nalezen.');
  const search = new URL(request.url).search;
  const upstream = upstreamMediaUrl(server, path, search.length > 1000 ? '' : search, source === 'strapi' ? 'uploads/' : '');
  if (!upstream) return fail(400, 'Neplatná cesta k obrázku.');

  let res: Response;
  try {
    res = await fetch(upstream, { signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store', redirect: 'error' });
  } catch (err) {
    log.warn('media proxy: upstream unreachable', { source, upstream, error: err instanceof Error ? err.message : String(err) });
    return fail(502, 'Obrázek se nepodařilo načíst.');
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok) {
    await res.body?.cancel();
    return fail(res.status === 404 ? 404 : 502, res.status === 404 ? 'Obrázek nebyl nalezen.' : 'Obrázek se nepodařilo načíst.');
  }
  if (!type.startsWith('image/') || type.includes('svg')) {
    await res.body?.cancel();
    return fail(415, 'Soubor není podporovaný obrázek.');
  }
  const length = Number(res.headers.get('content-length') ?? '0');
  if (length > MAX_BYTES) {
    await res.body?.cancel();
    return fail(413, 'Obrázek je příliš velký.');
  }
  if (!res.body) return fail(502, 'Obrázek se nepodařilo načíst.');
  // Streamed, never held whole: the bytes are counted as they pass, and an answer that grows past the limit
  // (a chunked one that announced no length, or one that lied about it) is cut off and its upstream aborted.
  let seen = 0;
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > MAX_BYTES) {
          log.warn('media proxy: upstream answer over the size limit, cut off', { source, upstream, limit: MAX_BYTES });
          controller.error(new Error('media proxy: upstream answer over the size limit'));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
    'x-content-type-options': 'nosniff',
  };
  if (length > 0 && !res.headers.get('content-encoding')) headers['content-length'] = String(length);
  return new Response(counted, { headers });
}
