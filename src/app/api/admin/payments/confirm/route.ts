import { z } from 'zod';
import { apiJson, deliverAfterResponse, parseApiJson } from '@/bookings/public.server';
import { billingAdminRoute, confirmPayments } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

const bodySchema = z.object(
  {
    matches: z
      .array(
        z.object({
          paymentId: z.string().uuid({ error: 'paymentId musí být identifikátor platby z výpisu.' }),
          bookingId: z.number({ error: 'bookingId musí být číslo rezervace.' }).int().positive(),
        }),
        { error: 'matches musí být seznam {paymentId, bookingId}.' },
      )
      .min(1, { error: 'Vyberte alespoň jednu platbu.' })
      .max(200, { error: 'Najednou lze potvrdit nejvýše 200 plateb.' }),
  },
  { error: 'Očekáván objekt {"matches": [{"paymentId", "bookingId"}]}.' },
);

/** POST /api/admin/payments/confirm {matches: [{paymentId, bookingId}]} → {results}: applies each payment once. */
export async function POST(request: Request) {
  return billingAdminRoute(request, async (ctx) => {
    const body = await parseApiJson(request, bodySchema);
    const { results, mailIds } = await confirmPayments(ctx.db, body.matches, ctx.actor, ctx.config);
    deliverAfterResponse(ctx.db, mailIds);
    return apiJson({ results });
  });
}
