import { siteUrl } from '@/platform/env';
import { log } from '@/platform/log';
import { calendarFeed } from '@/bookings/admin-data.server';

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
    const body = await calendarFeed(m[1], new URL(siteUrl()).hostname);
    if (body === null) return notFound();
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
