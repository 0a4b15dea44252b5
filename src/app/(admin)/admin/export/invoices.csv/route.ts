import { requireAdminApi } from '@/accounts/public.server';
import { openDeps } from '@/bookings/public.server';
import { invoicesCsv } from '@/billing/public.server';
import { localToday } from '@/platform/dates';

/** GET /admin/export/invoices.csv[?rok=2027] — issued invoices for the accountant. */
export async function GET(request: Request): Promise<Response> {
  const admin = await requireAdminApi(request);
  if (admin instanceof Response) return admin;
  const rok = new URL(request.url).searchParams.get('rok');
  const year = rok && /^\d{4}$/.test(rok) ? Number(rok) : undefined;
  const { db } = await openDeps();
  return new Response(await invoicesCsv(db, year), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="faktury-${year ?? localToday()}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
