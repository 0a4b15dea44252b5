import { errorJson, galleryRoute, UUID } from '@/galleries/http.server';
import { openGalleryPhoto } from '@/galleries/public.server';
import { DECLARED_LENGTH } from '@/platform/declared-response.mjs';

export const dynamic = 'force-dynamic';

const VARIANTS = new Set(['small', 'medium', 'web', 'original'] as const);
type Variant = 'small' | 'medium' | 'web' | 'original';

/** GET /api/admin/galleries/{id}/photos/{photoId}/{small|medium|web|original} — the photographer's preview (private, never cached publicly). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string; photoId: string; variant: string }> }) {
  const { id, photoId, variant } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success || !UUID.safeParse(photoId).success || !VARIANTS.has(variant as Variant)) return errorJson(404, 'NotFoundError', 'Fotografie nenalezena.');
    const opened = await openGalleryPhoto(deps, id, photoId, variant as Variant);
    if (!opened) return errorJson(404, 'NotFoundError', 'Fotografie nenalezena nebo se ještě zpracovává.');
    return new Response(opened.stream, {
      headers: { 'content-type': opened.contentType, 'content-length': String(opened.size), [DECLARED_LENGTH]: String(opened.size), 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' },
    });
  });
}
