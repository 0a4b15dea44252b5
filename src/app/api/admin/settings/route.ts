import { getDb } from '@/db/db.server';
import { patchSettings } from '@/site/public.server';
import { json, pruneReplacedSitePhotos, readSettingsBody, settingsBody, settingsChanged, settingsRoute } from './settings-api';

export const dynamic = 'force-dynamic';

/** The effective settings: `{ photographer, pricing, faq, testimonials, terms }` in the shapes of content/*.json. */
export function GET(request: Request): Promise<Response> {
  return settingsRoute(request, async () => json(await settingsBody()));
}

/** Any part of the settings, deep-merged (arrays replace), validated as a whole → 200 with the new effective settings. */
export function PATCH(request: Request): Promise<Response> {
  return settingsRoute(request, async (admin) => {
    const patch = await readSettingsBody(request);
    const doc = await patchSettings(await getDb(), patch, admin.email);
    settingsChanged();
    await pruneReplacedSitePhotos();
    return json(await settingsBody(doc));
  });
}
