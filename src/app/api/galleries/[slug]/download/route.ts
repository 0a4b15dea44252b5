import type { NextRequest } from 'next/server';
import { visitorError, visitorRoute, PRIVATE_HEADERS } from '@/galleries/visitor-http.server';
import { downloadSize, logDownload, openZip, planZip, VisitorError, writeZip, type ZipScope } from '@/galleries/visitor.server';
import { contentDisposition } from '@/galleries/visitor-view.server';
import { parseRange, zipSize } from '@/galleries/zip.server';
import { DECLARED_LENGTH } from '@/platform/declared-response.mjs';
import { DECLARED_BODY, declareBody, declaredBodiesWritten } from '@/platform/declared-body.mjs';

export const dynamic = 'force-dynamic';

/**
 * GET /api/galleries/{slug}/download[?set={setSlug}|?favorites=1][&size=web|original][&pin=] → 200 application/zip
 * with Content-Length, or 206 for a Range (resuming). Stored entries streamed as they are written; on the production
 * server the body is written by the server itself once every check here has passed.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery, visitor, now, address }) => {
    const sp = request.nextUrl.searchParams;
    const set = sp.get('set');
    const favorites = sp.get('favorites');
    if (favorites !== null && favorites !== '1') throw new VisitorError(400, 'Parametr favorites může mít jen hodnotu 1.');
    if (set !== null && favorites !== null) throw new VisitorError(400, 'Vyberte prosím buď sadu, nebo oblíbené – ne obojí.');
    const scope: ZipScope = set !== null ? { kind: 'set', setSlug: set } : favorites === '1' ? { kind: 'favorites' } : { kind: 'all' };
    const size = await downloadSize(deps.db, gallery, visitor, sp.get('size'), sp.get('pin'), address, now);
    const plan = await planZip(deps, gallery, visitor, scope, size);
    const ifRange = request.headers.get('if-range');
    const rangeHeader = ifRange !== null && ifRange !== plan.etag ? null : request.headers.get('range');
    // The size first, with no file opened: a range past the end is answered without building anything.
    const total = zipSize(plan.sources);
    const range = parseRange(rangeHeader, total);
    if (range === 'unsatisfiable') return visitorError(416, 'Požadovaný rozsah je mimo soubor.', { 'content-range': `bytes */${total}` });
    const length = range ? range.end - range.start + 1 : total;
    await logDownload(deps.db, gallery, visitor, `ZIP: ${plan.describe}${range ? `, od bajtu ${range.start}` : ''}`, length);
    const headers: Record<string, string> = {
      ...PRIVATE_HEADERS,
      'content-type': 'application/zip',
      'content-length': String(length),
      // Next drops Content-Length from route handlers; server.mjs restores it from this (src/platform/declared-response.mjs).
      [DECLARED_LENGTH]: String(length),
      'accept-ranges': 'bytes',
      etag: plan.etag,
      'content-disposition': contentDisposition(plan.fileName),
      'x-omitted-photos': String(plan.omitted),
    };
    if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${total}`;
    const status = range ? 206 : 200;
    // The production server writes the archive to the socket itself, into a few recycled buffers
    // (src/platform/declared-body.mjs, docs/decisions/100-gallery-zip-written-by-the-server.md); elsewhere (next dev,
    // a route called in a test) it streams as a web stream through Next.
    if (declaredBodiesWritten()) {
      const token = declareBody({ write: (sink) => writeZip(plan, range, sink), cancel: () => undefined });
      return new Response(null, { status, headers: { ...headers, [DECLARED_BODY]: token } });
    }
    return new Response(openZip(plan, range).stream, { status, headers });
  });
}
