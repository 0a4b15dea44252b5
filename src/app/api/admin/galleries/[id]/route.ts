import { errorJson, galleryRoute, json, parseJson, UUID } from '@/galleries/http.server';
import { adminGallery, deleteGallery, updateGallery } from '@/galleries/admin.server';
import { galleryPatchSchema } from '@/galleries/input';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };
const NOT_FOUND = 'Galerie nenalezena.';

/** GET /api/admin/galleries/{id} → {id, slug, code, guestCode, published, expiresAt, downloads, zip, downloadPin, selectionLimit, photos: [...], …}. */
export async function GET(request: Request, { params }: Ctx) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    const g = UUID.safeParse(id).success ? await adminGallery(deps, id) : null;
    return g ? json(g) : errorJson(404, 'NotFoundError', NOT_FOUND);
  });
}

/** PATCH /api/admin/galleries/{id} — the same fields (each optional) → the updated gallery. */
export async function PATCH(request: Request, { params }: Ctx) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', NOT_FOUND);
    await updateGallery(deps, id, await parseJson(request, galleryPatchSchema));
    return json(await adminGallery(deps, id));
  });
}

/** DELETE /api/admin/galleries/{id} → 204; its photos and their files go too. */
export async function DELETE(request: Request, { params }: Ctx) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', NOT_FOUND);
    await deleteGallery(deps, id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
