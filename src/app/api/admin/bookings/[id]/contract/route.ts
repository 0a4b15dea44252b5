import { z } from 'zod';
import { bookingIdParam, deliverAfterResponse, parseApiJson, apiJson } from '@/bookings/public.server';
import { billingAdminRoute, sendContract } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

const bodySchema = z.object(
  {
    price: z.number({ error: 'Cena musí být číslo v korunách.' }).int({ error: 'Cena musí být celé číslo v korunách.' }).min(1, { error: 'Cena musí být kladná.' }).max(10_000_000, { error: 'Cena je příliš vysoká.' }).optional(),
    note: z.string({ error: 'Poznámka musí být text.' }).max(2000, { error: 'Poznámka smí mít nejvýše 2000 znaků.' }).optional(),
  },
  { error: 'Očekáván objekt {"price"?: číslo, "note"?: text}.' },
);

/** POST /api/admin/bookings/{id}/contract {price?, note?} → 201 {contractId, url}: creates the contract and mails the link. */
export async function POST(request: Request, { params }: Ctx) {
  const { id } = await params;
  return billingAdminRoute(request, async (ctx) => {
    const inquiryId = bookingIdParam(id);
    const hasBody = Number(request.headers.get('content-length') ?? '0') > 0 || request.headers.get('transfer-encoding') !== null;
    const body = hasBody ? await parseApiJson(request, bodySchema) : {};
    const sent = await sendContract(ctx.db, { inquiryId, price: body.price, note: body.note, actor: ctx.actor });
    deliverAfterResponse(ctx.db, sent.mailIds);
    return apiJson({ contractId: sent.contractId, url: sent.url }, 201);
  });
}
