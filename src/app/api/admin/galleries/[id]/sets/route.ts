import { errorJson, galleryRoute, json, parseJson, UUID } from '@/galleries/http.server';
import { addSet } from '@/galleries/admin.server';
import { setCreateSchema } from '@/galleries/input';

export const dynamic = 'force-dynamic';

/** POST /api/admin/galleries/{id}/sets {title} → 201 {id, slug}. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Galerie nenalezena.');
    const { title } = await parseJson(request, setCreateSchema);
    return json(await addSet(deps, id, title), 201);
  });
}
