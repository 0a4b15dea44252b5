import { apiJson } from '@/bookings/public.server';
import { billingAdminRoute, readStatement, readStatementUpload } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

/** POST /api/admin/payments/statement (multipart, field `file`: GPC, camt.053 or CSV) → {format, matches} — nothing applied. */
export async function POST(request: Request) {
  return billingAdminRoute(request, async (ctx) => apiJson(await readStatement(ctx.db, await readStatementUpload(request))));
}
