import { selectionCsv, selectionForAdmin } from '@/galleries/admin-delivery.server';
import { contentDisposition } from '@/galleries/visitor-view.server';
import { adminDeliveryRoute, visitorJson } from '@/galleries/visitor-http.server';

export const dynamic = 'force-dynamic';

/**
 * GET /api/admin/galleries/{id}/selection → the album selection {submittedAt, submittedBy, limit, fileNames,
 * lightroom} (`lightroom`: the original names joined with OR, for Lightroom's filter); `?format=csv` → the same as CSV.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return adminDeliveryRoute(request, id, async ({ deps, gallery }) => {
    const selection = await selectionForAdmin(deps, gallery);
    if (new URL(request.url).searchParams.get('format') === 'csv') {
      return new Response(selectionCsv(gallery, selection), {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': contentDisposition(`vyber-${gallery.slug}.csv`), 'cache-control': 'no-store' },
      });
    }
    return visitorJson(selection);
  });
}
