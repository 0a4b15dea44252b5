import { getDb } from '@/db/db.server';
import { siteUrl } from '@/platform/env';
import { log } from '@/platform/log';
import { lockedWeddings } from '@/bookings/repository.server';
import { isCalendarToken } from '@/bookings/secrets.server';
import { weddingsFeed } from '@/bookings/ics.server';

/**
 * GET /api/calendar/<token>.ics — held and confirmed weddings for the photographer's calendar app.
 * The token is the credential (calendar apps cannot sign in); it is generated, shown and rotated in the admin.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const m = /^([A-Za-z0-9_-]{16,100})\.ics$/.exec(file);
  const notFound = () => new Response('Kalendář nenalezen.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  if (!m) return notFound();
  try {
    const db = await getDb();
    if (!(await isCalendarToken(db, m[1]))) return notFound();
    const body = weddingsFeed(await lockedWeddings(db), new URL(siteUrl()).hostname);
    return new Response(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="svatby.ics"',
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    });
  } catch (err) {
    log.error('calendar feed failed', { err });
    return new Response('Kalendář je dočasně nedostupný. Zkuste to prosím znovu za chvíli.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' } });
  }
}
