import { effectiveSettings } from '@/site/public.server';
import { json, settingsRoute } from '../settings-api';

export const dynamic = 'force-dynamic';

/** The effective settings as a file to keep or to import into another site (`notifyEmail` as saved, or null). */
export function GET(request: Request): Promise<Response> {
  return settingsRoute(request, async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
    return json(effectiveSettings(), 200, { 'content-disposition': `attachment; filename="nastaveni-webu-${day}.json"` });
  });
}
