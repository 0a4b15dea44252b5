import { apiJson, bookingIdParam } from '@/bookings/public.server';
import { billingAdminRoute, documentsOf } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

/** GET /api/admin/bookings/{id}/documents → {contract, deposit, invoices, cancellation}. */
export async function GET(request: Request, { params }: Ctx) {
  const { id } = await params;
  return billingAdminRoute(request, async (ctx) => apiJson(await documentsOf(ctx.db, bookingIdParam(id))));
}
