import { requireAdminApi } from '@/accounts/guards.server';
import { inquiriesForExport, parseListFilters } from '@/bookings/admin-data.server';
import { inquiriesCsv } from '@/bookings/csv.server';
import { localToday } from '@/platform/dates';

/** GET /admin/export/inquiries.csv[?stav=&rok=&q=] — the (filtered) inquiries for Excel. */
export async function GET(request: Request): Promise<Response> {
  const admin = await requireAdminApi(request);
  if (admin instanceof Response) return admin;
  const sp = Object.fromEntries(new URL(request.url).searchParams);
  const f = parseListFilters(sp);
  const csv = inquiriesCsv(await inquiriesForExport({ status: f.status, year: f.year, q: f.q }));
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="poptavky-${localToday()}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
