import { safeFileName } from '@/content/studio/input';
import { errorJson, json, readUpload, studioRoute, UUID } from '@/content/studio/http.server';
import { uploadPhoto } from '@/content/studio/service.server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/weddings/{id}/photos — multipart/form-data, one image in the field `file` → 202 {id, status:
 * "processing"}. 409 for a duplicate (same content in this wedding), 413 over 200 MB, 415/422 for what is not a
 * readable image, 503 (retryable) when storage fails.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return studioRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Svatba nenalezena.');
    const upload = await readUpload(request);
    return json(await uploadPhoto(deps, id, { body: upload.body, fileName: safeFileName(upload.fileName) }), 202);
  });
}
