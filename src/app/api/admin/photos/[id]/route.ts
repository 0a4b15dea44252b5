import { photoPatchSchema } from '@/content/studio/input';
import { errorJson, json, parseJson, studioRoute, UUID } from '@/content/studio/http.server';
import { deletePhoto, updatePhoto } from '@/content/studio/service.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const missing = () => errorJson(404, 'NotFoundError', 'Fotografie nenalezena.');

/** PATCH /api/admin/photos/{id} {alt?, category?} → the photo. */
export async function PATCH(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return missing();
    return json(await updatePhoto(deps, id, await parseJson(request, photoPatchSchema)));
  });
}

/** DELETE /api/admin/photos/{id} → 204. */
export async function DELETE(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return missing();
    await deletePhoto(deps, id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
