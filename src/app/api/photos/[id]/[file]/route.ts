import { getDb } from '@/db/db.server';
import { getStorage } from '@/platform/storage/storage.server';
import { readyPhotoExists } from '@/content/studio/service.server';
import { negotiateFormat, parseVariantFile, PHOTO_ID, VARIANT_CONTENT_TYPES, variantKey } from '@/content/studio/variants';

export const dynamic = 'force-dynamic';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(): Response {
  return new Response('Nenalezeno', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60' } });
}

/**
 * The studio's pre-made photo variants: /api/photos/{photoId}/{width}.{avif|webp|jpg}, or /api/photos/{photoId}/{width}
 * for the best format the browser accepts. Files are produced once at upload; a photo id never gets other bytes, so
 * every answer is immutable and cached for a year. Only ready photos are served; originals never are.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await params;
  const parsed = parseVariantFile(file);
  if (!PHOTO_ID.test(id) || !parsed) return notFound();
  const format = parsed.format ?? negotiateFormat(request.headers.get('accept'));
  let stored;
  try {
    if (!(await readyPhotoExists(await getDb(), id))) return notFound();
    stored = await getStorage().get(variantKey(id, parsed.width, format));
  } catch {
    // Database or storage unreachable: a short-lived answer the browser may retry, never a cached failure.
    return new Response('Fotografie je dočasně nedostupná.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' } });
  }
  if (!stored) return notFound();
  const headers: Record<string, string> = {
    'content-type': VARIANT_CONTENT_TYPES[format],
    'cache-control': IMMUTABLE,
    'content-length': String(stored.body.length),
    'x-content-type-options': 'nosniff',
  };
  if (!parsed.format) headers.vary = 'Accept';
  return new Response(new Uint8Array(stored.body), { status: 200, headers });
}
