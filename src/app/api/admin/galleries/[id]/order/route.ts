import { errorJson, galleryRoute, parseJson, UUID } from '@/galleries/http.server';
import { reorderGalleryPhotos } from '@/galleries/admin.server';
import { reorderSchema } from '@/galleries/input';

export const dynamic = 'force-dynamic';

/** PUT /api/admin/galleries/{id}/order {order: [photoId…]} → 204: the photos' order within the gallery. */
export async function PUT(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Galerie nenalezena.');
    await reorderGalleryPhotos(deps, id, (await parseJson(request, reorderSchema)).order);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
