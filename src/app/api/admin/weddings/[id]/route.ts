import { weddingPatchSchema } from '@/content/studio/input';
import { errorJson, json, parseJson, studioRoute, UUID } from '@/content/studio/http.server';
import { deleteWedding, getWedding, updateWedding } from '@/content/studio/service.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const missing = () => errorJson(404, 'NotFoundError', 'Svatba nenalezena.');

/** GET /api/admin/weddings/{id} → {id, slug, published, coverPhotoId, …, photos: [{id, status, alt, category, width, height, error?}]}. */
export async function GET(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async ({ db }) => {
    if (!UUID.safeParse(id).success) return missing();
    const wedding = await getWedding(db, id);
    return wedding ? json(wedding) : missing();
  });
}

/** PATCH /api/admin/weddings/{id} — any field, `published`, `coverPhotoId`, `photoOrder` (all photo ids in order). */
export async function PATCH(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return missing();
    return json(await updateWedding(deps, id, await parseJson(request, weddingPatchSchema)));
  });
}

/** DELETE /api/admin/weddings/{id} → 204 (the rows first, then the files). */
export async function DELETE(request: Request, { params }: Ctx) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return missing();
    await deleteWedding(deps, id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
