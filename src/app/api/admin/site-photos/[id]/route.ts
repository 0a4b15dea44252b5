import { errorJson, json, studioRoute, UUID } from '@/content/studio/http.server';
import { sitePhoto } from '@/content/studio/service.server';

export const dynamic = 'force-dynamic';

/** GET /api/admin/site-photos/{id} → {id, status: processing|ready|failed, width, height, error}; 404 for any other id. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    const photo = UUID.safeParse(id).success ? await sitePhoto(deps.db, id) : null;
    if (!photo) return errorJson(404, 'NotFoundError', 'Fotografie nenalezena.');
    return json(photo);
  });
}
