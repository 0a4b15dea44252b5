import { adminApiRoute } from '@/bookings/admin-api.server';
import { getBookingApi, patchBookingApi } from '@/bookings/bookings-api.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

/** GET /api/admin/bookings/{id} → {id, reference, status, …}. */
export async function GET(request: Request, { params }: Ctx) {
  const { id } = await params;
  return adminApiRoute(request, (ctx) => getBookingApi(ctx, id));
}

/** PATCH /api/admin/bookings/{id} {status, note?} → the booking after the change (the admin page's rules). */
export async function PATCH(request: Request, { params }: Ctx) {
  const { id } = await params;
  return adminApiRoute(request, (ctx) => patchBookingApi(ctx, id, request));
}
