import { errorJson, json, studioRoute, UUID, withUpload } from '@/content/studio/http.server';
import { uploadPhoto } from '@/content/studio/service.server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/weddings/{id}/photos — multipart/form-data, one image in the field `file` → 202 {id, status:
 * "processing"}. The body streams to a temporary file (never whole in memory) and the photo is processed by the
 * photo module's worker process. 409 for a duplicate (same content in this wedding), 413 over 200 MB, 415/422 for
 * what is not an image we take (by its header), 503 (retryable) when storage fails.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Svatba nenalezena.');
    return json(await withUpload(request, (upload) => uploadPhoto(deps, id, upload)), 202);
  });
}
