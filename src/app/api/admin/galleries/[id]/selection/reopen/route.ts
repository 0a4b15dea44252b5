import { reopenAlbumSelection, selectionForAdmin } from '@/galleries/admin-delivery.server';
import { adminDeliveryRoute, visitorError, visitorJson } from '@/galleries/visitor-http.server';

export const dynamic = 'force-dynamic';

/** POST /api/admin/galleries/{id}/selection/reopen → 200 with the selection, open for the couple's changes again; 409 when it was not submitted. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return adminDeliveryRoute(request, id, async ({ deps, gallery, now }) => {
    if (!(await reopenAlbumSelection(deps.db, gallery, now))) return visitorError(409, 'Výběr do alba není odeslaný, není co znovu otevírat.');
    return visitorJson(await selectionForAdmin(deps, gallery));
  });
}
