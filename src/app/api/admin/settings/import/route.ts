import { getDb } from '@/db/db.server';
import { importSettings } from '@/site/public.server';
import { json, readSettingsBody, settingsBody, settingsChanged, settingsRoute } from '../settings-api';

export const dynamic = 'force-dynamic';

/** Replaces every saved setting with an exported document (validated as a whole) → 200 with the effective settings. */
export function POST(request: Request): Promise<Response> {
  return settingsRoute(request, async (admin) => {
    const doc = await importSettings(await getDb(), await readSettingsBody(request), admin.email);
    settingsChanged();
    return json(await settingsBody(doc));
  });
}
