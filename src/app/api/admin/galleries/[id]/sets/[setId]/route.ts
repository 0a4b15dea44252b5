import { errorJson, galleryRoute, parseJson, UUID } from '@/galleries/http.server';
import { editSet, removeSet } from '@/galleries/admin.server';
import { setPatchSchema } from '@/galleries/input';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string; setId: string }> };
const NO_CONTENT = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

/** PATCH {title?, position?} → 204. */
export async function PATCH(request: Request, { params }: Ctx) {
  const { id, setId } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success || !UUID.safeParse(setId).success) return errorJson(404, 'NotFoundError', 'Sada nenalezena.');
    await editSet(deps, id, setId, await parseJson(request, setPatchSchema));
    return NO_CONTENT();
  });
}

/** DELETE → 204; the set's photos stay in the gallery without a set. */
export async function DELETE(request: Request, { params }: Ctx) {
  const { id, setId } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success || !UUID.safeParse(setId).success) return errorJson(404, 'NotFoundError', 'Sada nenalezena.');
    await removeSet(deps, id, setId);
    return NO_CONTENT();
  });
}
