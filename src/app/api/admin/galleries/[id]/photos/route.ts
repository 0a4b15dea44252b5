import { errorJson, galleryRoute, json, spoolMultipartFile, UUID } from '@/galleries/http.server';
import { addGalleryPhotoFromFile } from '@/galleries/public.server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/galleries/{id}/photos — multipart/form-data, one image in the field `file` (optional `setId`)
 * → 202 {id, status: "processing"}; the same content already in the gallery → 200 {id, status, duplicate: true}.
 * 413 over 200 MB, 415/422 for what is not an acceptable image, 503 (retryable) when storage fails.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Galerie nenalezena.');
    const upload = await spoolMultipartFile(request);
    try {
      const added = await addGalleryPhotoFromFile(deps, id, upload);
      return json(added.duplicate ? added : { id: added.id, status: added.status }, added.duplicate ? 200 : 202);
    } finally {
      await upload.cleanup();
    }
  });
}
