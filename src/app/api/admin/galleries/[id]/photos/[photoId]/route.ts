import { errorJson, galleryRoute, parseJson, UUID } from '@/galleries/http.server';
import { editGalleryPhoto, removeGalleryPhoto } from '@/galleries/admin.server';
import { photoPatchSchema } from '@/galleries/input';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string; photoId: string }> };
const NO_CONTENT = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

/** PATCH {setId?, position?} → 204. */
export async function PATCH(request: Request, { params }: Ctx) {
  const { id, photoId } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success || !UUID.safeParse(photoId).success) return errorJson(404, 'NotFoundError', 'Fotografie nenalezena.');
    await editGalleryPhoto(deps, id, photoId, await parseJson(request, photoPatchSchema));
    return NO_CONTENT();
  });
}

/** DELETE → 204 (the photo and its files). */
export async function DELETE(request: Request, { params }: Ctx) {
  const { id, photoId } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success || !UUID.safeParse(photoId).success) return errorJson(404, 'NotFoundError', 'Fotografie nenalezena.');
    await removeGalleryPhoto(deps, id, photoId);
    return NO_CONTENT();
  });
}
