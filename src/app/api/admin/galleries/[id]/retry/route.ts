import { errorJson, galleryRoute, json, parseJson, UUID } from '@/galleries/http.server';
import { retryGalleryPhotos } from '@/galleries/admin.server';
import { retrySchema } from '@/galleries/input';

export const dynamic = 'force-dynamic';

/** POST /api/admin/galleries/{id}/retry {photoIds?} → {requeued}: failed photos go back into processing. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Galerie nenalezena.');
    const { photoIds } = await parseJson(request, retrySchema);
    const requeued = await retryGalleryPhotos(deps, id, photoIds);
    if (requeued) deps.kick();
    return json({ requeued });
  });
}
