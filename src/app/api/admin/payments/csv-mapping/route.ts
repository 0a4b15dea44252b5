import { apiJson, parseApiJson } from '@/bookings/public.server';
import { billingAdminRoute, getCsvMapping, saveCsvMapping } from '@/billing/public.server';
import { z } from 'zod';

export const dynamic = 'force-dynamic';

/** GET /api/admin/payments/csv-mapping → {mapping} (null until she sets it). */
export async function GET(request: Request) {
  return billingAdminRoute(request, async (ctx) => apiJson({ mapping: await getCsvMapping(ctx.db) }));
}

/** PUT /api/admin/payments/csv-mapping {delimiter, date, dateFormat, amount, variableSymbol, …} → {mapping}. */
export async function PUT(request: Request) {
  return billingAdminRoute(request, async (ctx) => apiJson({ mapping: await saveCsvMapping(ctx.db, await parseApiJson(request, z.unknown())) }));
}
