import { requireAdminApi } from '@/accounts/public.server';
import { getDb } from '@/db/db.server';
import { getStorage } from '@/platform/storage/storage.server';
import { photoVisibility } from '@/content/studio/service.server';
import { negotiateFormat, parseVariantFile, PHOTO_ID, VARIANT_CONTENT_TYPES } from '@/content/studio/variants';
import { openPublicVariant } from '@/photos/public.server';

export const dynamic = 'force-dynamic';

/**
 * A published photo may be cached, but every use is revalidated (a 304 by its ETag while the wedding stays public):
 * once the wedding is hidden or back in draft, no cache keeps showing it. A photo id never gets other bytes, so the
 * ETag is the id, width and format.
 */
const PUBLIC_CACHE = 'public, no-cache';
const PREVIEW_CACHE = 'private, no-store';

function notFound(): Response {
  return new Response('Nenalezeno', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60' } });
}

/**
 * The studio's pre-made photo variants: /api/photos/{photoId}/{width}.{avif|webp|jpg}, or /api/photos/{photoId}/{width}
 * for the best format the browser accepts. Only ready photos of published weddings are public; a draft's or hidden
 * wedding's photos answer 404 to everyone but the admin (the editor's previews), uncached. Originals never are served.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await params;
  const parsed = parseVariantFile(file);
  if (!PHOTO_ID.test(id) || !parsed) return notFound();
  const format = parsed.format ?? negotiateFormat(request.headers.get('accept'));
  let stored;
  let cache = PUBLIC_CACHE;
  const etag = `"${id}-${parsed.width}-${format}"`;
  try {
    const visibility = await photoVisibility(await getDb(), id);
    if (!visibility) return notFound();
    if (visibility === 'preview') {
      const admin = await requireAdminApi(request);
      if (admin instanceof Response) return notFound();
      cache = PREVIEW_CACHE;
    } else if (request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers: { etag, 'cache-control': PUBLIC_CACHE, ...(parsed.format ? {} : { vary: 'Accept' }) } });
    }
    stored = await openPublicVariant({ db: await getDb(), storage: getStorage() }, id, parsed.width, format);
  } catch {
    // Database or storage unreachable: a short-lived answer the browser may retry, never a cached failure.
    return new Response('Fotografie je dočasně nedostupná.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' } });
  }
  if (!stored) return notFound();
  const headers: Record<string, string> = {
    'content-type': VARIANT_CONTENT_TYPES[format],
    'cache-control': cache,
    ...(cache === PUBLIC_CACHE ? { etag } : {}),
    'content-length': String(stored.size),
    'x-content-type-options': 'nosniff',
  };
  if (!parsed.format) headers.vary = 'Accept';
  return new Response(stored.stream, { status: 200, headers });
}
