import { adminApiRoute } from '@/bookings/admin-api.server';
import { listBookingsApi } from '@/bookings/bookings-api.server';

export const dynamic = 'force-dynamic';

/** GET /api/admin/bookings?reference=SV-…  |  ?status=held → {items: [{id, reference, status, …}]}. */
export async function GET(request: Request) {
  return adminApiRoute(request, (ctx) => listBookingsApi(ctx, new URL(request.url)));
}
