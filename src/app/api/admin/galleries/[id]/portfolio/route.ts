import { addWeddingPhotosFromPhotos, StudioError, studioDeps } from '@/content/public.server';
import { errorJson, galleryRoute, json, parseJson, UUID } from '@/galleries/http.server';
import { portfolioPickSchema } from '@/galleries/input';
import { pickIntoPortfolio } from '@/galleries/portfolio.server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/galleries/{id}/portfolio {weddingId, photoIds, alt?, withoutConsent?} → {added, duplicates,
 * unavailable, consent}: ready photos of the gallery become photos of one of her public weddings, without a second
 * upload. Without the couple's consent in the gallery it answers 409 unless `withoutConsent` confirms she has it.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return galleryRoute(request, async (deps) => {
    if (!UUID.safeParse(id).success) return errorJson(404, 'NotFoundError', 'Galerie nenalezena.');
    const input = await parseJson(request, portfolioPickSchema);
    try {
      const studio = await studioDeps();
      const result = await pickIntoPortfolio(deps, id, input, (weddingId, picks, alt) => addWeddingPhotosFromPhotos(studio, weddingId, picks, alt));
      return json(result);
    } catch (err) {
      if (err instanceof StudioError) return errorJson(err.status, err.errorName, err.message, err.details);
      throw err;
    }
  });
}
