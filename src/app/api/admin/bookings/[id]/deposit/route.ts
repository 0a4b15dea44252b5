import { apiJson, bookingIdParam, deliverAfterResponse } from '@/bookings/public.server';
import { billingAdminRoute, markDepositPaid } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/admin/bookings/{id}/deposit → the deposit marked paid by hand (receipt invoice, confirmation). */
export async function POST(request: Request, { params }: Ctx) {
  const { id } = await params;
  return billingAdminRoute(request, async (ctx) => {
    const { mailIds, ...result } = await markDepositPaid(ctx.db, bookingIdParam(id), ctx.actor, ctx.config);
    deliverAfterResponse(ctx.db, mailIds);
    return apiJson(result);
  });
}
