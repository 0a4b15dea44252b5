import { deliveryOverview } from '@/galleries/admin-delivery.server';
import { adminDeliveryRoute, visitorJson } from '@/galleries/visitor-http.server';

export const dynamic = 'force-dynamic';

/** GET /api/admin/galleries/{id}/activity → views, favourites and downloads (who by e-mail, when, what), consent and the mails sent. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return adminDeliveryRoute(request, id, async ({ deps, gallery }) => visitorJson(await deliveryOverview(deps.db, gallery)));
}
