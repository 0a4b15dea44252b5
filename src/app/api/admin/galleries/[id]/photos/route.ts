import { errorJson, galleryRoute, json, spoolMultipartFile, UUID } from '@/galleries/http.server';
import { addGalleryPhotoFromFile } from '@/galleries/public.server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/galleries/{id}/photos — multipart/form-data, one image in the field `file` (optional `setId`)
 * → 202 {id, status: "processing"}; the same content already in the gallery → 200 {id, status, duplicate: true}.
 * 413 over 200 MB, 415/422 for what is not an acceptable image, 400 for a broken form, 503 (retryable) when storage
 * fails. The body is streamed to a temporary file (hashed on the way), never held in memory.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Galerie nenalezena.');
    const upload = await spoolMultipartFile(request);
    try {
      const added = await addGalleryPhotoFromFile(deps, id, { filePath: upload.filePath, fileName: upload.fileName, setId: upload.setId, hashed: { hash: upload.hash, size: upload.size } });
      return json(added.duplicate ? added : { id: added.id, status: added.status }, added.duplicate ? 200 : 202);
    } finally {
      await upload.cleanup();
    }
  });
}
