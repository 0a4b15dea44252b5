import { ApiError } from '@/bookings/public.server';
import { billingAdminRoute, invoicePdfFile, pdfResponse } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ number: string }> };

/** GET /api/admin/invoices/{number} → the issued invoice's PDF (the stored bytes, never re-rendered). */
export async function GET(request: Request, { params }: Ctx) {
  const { number } = await params;
  return billingAdminRoute(request, async (ctx) => {
    const file = await invoicePdfFile(ctx.db, number);
    if (!file) throw new ApiError(404, 'NotFoundError', 'Faktura nebyla nalezena.');
    return pdfResponse(file.pdf, file.fileName, 'attachment');
  });
}
