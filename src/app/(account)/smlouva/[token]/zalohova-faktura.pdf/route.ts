import { openDeps } from '@/bookings/public.server';
import { coupleRoute, pdfResponse, proformaPdfForToken } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ token: string }> };

/** GET /smlouva/{token}/zalohova-faktura.pdf — the deposit proforma with QR Platba (after acceptance). */
export async function GET(request: Request, { params }: Ctx) {
  const { token } = await params;
  return coupleRoute(request, async () => {
    const { db } = await openDeps();
    const file = await proformaPdfForToken(db, token);
    return pdfResponse(file.pdf, file.fileName);
  });
}
