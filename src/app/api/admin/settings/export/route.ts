import { effectiveSettings, sitePhotoIds } from '@/site/public.server';
import { studioDeps } from '@/content/studio/runtime.server';
import { carrySitePhotos } from '@/content/studio/site-photo-transfer.server';
import { json, settingsRoute } from '../settings-api';

export const dynamic = 'force-dynamic';

/**
 * The effective settings as a file to keep or to import into another site (`notifyEmail` as saved, or null), with
 * the site's own photos the settings name (hero, portrait) carried along as `sitePhotos` (src/content/studio/
 * site-photo-transfer.server.ts).
 */
export function GET(request: Request): Promise<Response> {
  return settingsRoute(request, async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
    const sitePhotos = await carrySitePhotos(await studioDeps(), sitePhotoIds());
    return json({ ...effectiveSettings(), sitePhotos }, 200, { 'content-disposition': `attachment; filename="nastaveni-webu-${day}.json"` });
  });
}
