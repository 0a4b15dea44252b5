import { getDb } from '@/db/db.server';
import { readJsonBody } from '@/platform/request-body';
import { importSettings } from '@/site/public.server';
import { studioDeps } from '@/content/studio/runtime.server';
import { carriedPhotosSchema, MAX_CARRIED_PHOTO_BYTES, receiveSitePhotos } from '@/content/studio/site-photo-transfer.server';
import { errorJson, json, pruneReplacedSitePhotos, settingsBody, settingsChanged, settingsRoute } from '../settings-api';

export const dynamic = 'force-dynamic';

/** The settings (≤ 1 MB) and up to four carried site photos (each ≤ 4 MB as JPEG, a third more as base64). */
const IMPORT_BODY_LIMIT = 1024 * 1024 + 4 * Math.ceil((MAX_CARRIED_PHOTO_BYTES * 4) / 3);

/**
 * Replaces every saved setting with an exported document (validated as a whole) → 200 with the effective settings.
 * The site's own photos the export carries (`sitePhotos`) are taken in as new photos first, and the settings then
 * name those; an export without them keeps whatever photos the settings name (the shipped samples when missing).
 */
export function POST(request: Request): Promise<Response> {
  return settingsRoute(request, async (admin) => {
    const body = await readJsonBody(request, IMPORT_BODY_LIMIT);
    let doc: unknown = body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'sitePhotos' in body) {
      const { sitePhotos, ...settings } = body as Record<string, unknown>;
      const carried = carriedPhotosSchema.safeParse(sitePhotos);
      if (!carried.success) return errorJson(422, 'ValidationError', `sitePhotos: ${carried.error.issues[0]?.message ?? 'neplatné fotografie'}`);
      const ids = await receiveSitePhotos(await studioDeps(), carried.data);
      // Photo ids are UUIDs: replacing them in the serialised settings renames exactly the references to them.
      let text = JSON.stringify(settings);
      for (const [from, to] of ids) text = text.split(from).join(to);
      doc = JSON.parse(text) as unknown;
    }
    const saved = await importSettings(await getDb(), doc, admin.email);
    settingsChanged();
    await pruneReplacedSitePhotos();
    return json(await settingsBody(saved));
  });
}
