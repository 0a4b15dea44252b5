import { json, studioRoute, withUpload } from '@/content/studio/http.server';
import { uploadSitePhoto } from '@/content/studio/service.server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/site-photos — multipart/form-data, one image in the field `file` → 202 {id, status, width,
 * height, error}: one of the site's own photos (hero, portrait), processed by the photo module's worker process. Public
 * only once `PATCH /api/admin/settings` names it (`home.hero.image` / `home.about.portrait` = {photo, width, height}).
 * 413 over the upload limit, 415/422 for what is not a readable image, 503 (retryable) when storage fails.
 */
export async function POST(request: Request) {
  return studioRoute(request, async (deps) => {
    return json(await withUpload(request, (upload) => uploadSitePhoto(deps, upload)), 202);
  });
}
