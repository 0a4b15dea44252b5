import { NextResponse } from 'next/server';
import { getDb } from '@/db/db.server';
import { log } from '@/platform/log';
import { clientAddress, hitRateLimit } from '@/platform/rate-limit.server';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { normalisePath, pageViewSchema, recordPageView } from '@/platform/analytics/page-views.server';

export const dynamic = 'force-dynamic';

/** Per client address and minute; generous for real browsing, tight enough that nobody can inflate counts. */
export const PAGEVIEW_RATE_PER_MINUTE = 60;

/**
 * A consented page view (the browser sends it only after "Přijmout vše" or analytics allowed): counted per
 * path and day, nothing about the visitor is stored and no cookie is set.
 */
export async function POST(request: Request) {
  const requestId = request.headers.get('x-request-id') ?? undefined;
  const noStore = { 'cache-control': 'no-store' };
  let body: unknown;
  try {
    body = await readJsonBody(request, 2048);
  } catch (err) {
    if (err instanceof BodyError) return NextResponse.json({ error: err.message }, { status: err.status, headers: noStore });
    throw err;
  }
  const parsed = pageViewSchema.safeParse(body);
  if (!parsed.success) {
    return NextResponse.json({ error: parsed.error.issues[0]?.message ?? 'Neplatný požadavek.' }, { status: 400, headers: noStore });
  }
  try {
    const db = await getDb();
    const limit = await hitRateLimit(db, `pageview:${clientAddress(request.headers)}`, PAGEVIEW_RATE_PER_MINUTE, 60_000);
    if (!limit.allowed) {
      return NextResponse.json(
        { error: 'Příliš mnoho požadavků, zkuste to prosím později.' },
        { status: 429, headers: { ...noStore, 'retry-after': String(limit.retryAfterSeconds) } },
      );
    }
    await recordPageView(db, normalisePath(parsed.data.path));
  } catch (err) {
    // Analytics must never surface as an error to the visitor.
    log.warn('analytics: page view not recorded', { requestId, err });
    return new NextResponse(null, { status: 202, headers: noStore });
  }
  return new NextResponse(null, { status: 204, headers: noStore });
}
