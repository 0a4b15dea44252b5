import { invalidateContent } from '@/content/invalidate.server';
import { describeWebhook, secretMatches } from '@/content/revalidate-webhook';
import { getEnv } from '@/platform/env';
import { log } from '@/platform/log';
import { BodyError, readJsonBody } from '@/platform/request-body';

/**
 * POST /api/revalidate — the webhook Contentful or Strapi calls after an edit.
 * Secret REVALIDATE_SECRET in the `x-revalidate-secret` header or `?secret=`. Clears the content cache and the
 * render cache (invalidateContent), so the next visitor sees the edit without a rebuild; with a PostgreSQL
 * DATABASE_URL the other instances are told too (docs/decisions/011-render-cache-csp.md).
 */
export const dynamic = 'force-dynamic';

const noStore = { 'cache-control': 'no-store' };

export async function POST(request: Request) {
  const expected = getEnv().REVALIDATE_SECRET;
  if (!expected) {
    return Response.json({ error: 'Obnovení obsahu není nastaveno (chybí REVALIDATE_SECRET).' }, { status: 503, headers: noStore });
  }
  const given = request.headers.get('x-revalidate-secret') ?? new URL(request.url).searchParams.get('secret');
  if (!secretMatches(given, expected)) {
    return Response.json({ error: 'Neplatný nebo chybějící tajný klíč.' }, { status: 401, headers: noStore });
  }
  let body: unknown;
  try {
    body = await readJsonBody(request, 256 * 1024);
  } catch (err) {
    if (err instanceof BodyError) return Response.json({ error: err.message }, { status: err.status, headers: noStore });
    throw err;
  }
  const summary = describeWebhook(body, request.headers);
  const cleared = invalidateContent();
  log.info('content: revalidated by webhook', { ...summary, cleared });
  return Response.json({ revalidated: true, cleared, ...summary, message: 'Obsah byl obnoven.' }, { headers: noStore });
}

export function GET() {
  return Response.json({ error: 'Použijte metodu POST.' }, { status: 405, headers: { ...noStore, allow: 'POST' } });
}
