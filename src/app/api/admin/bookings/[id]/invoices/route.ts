import { z } from 'zod';
import { apiJson, bookingIdParam, parseApiJson } from '@/bookings/public.server';
import { billingAdminRoute, issueFinalInvoice } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

const bodySchema = z.object({ kind: z.literal('final', { error: 'Ručně se vystavuje jen konečná faktura: {"kind": "final"}.' }) }, { error: 'Očekáván objekt {"kind": "final"}.' });

/** POST /api/admin/bookings/{id}/invoices {kind: "final"} → 201 {number, amount} (200 when it was issued before). */
export async function POST(request: Request, { params }: Ctx) {
  const { id } = await params;
  return billingAdminRoute(request, async (ctx) => {
    await parseApiJson(request, bodySchema);
    const issued = await issueFinalInvoice(ctx.db, bookingIdParam(id));
    return apiJson({ number: issued.number, amount: issued.amount }, issued.created ? 201 : 200);
  });
}
