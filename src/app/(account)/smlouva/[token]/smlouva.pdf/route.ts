import { openDeps } from '@/bookings/public.server';
import { contractPdfForToken, coupleRoute, pdfResponse } from '@/billing/public.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ token: string }> };

/** GET /smlouva/{token}/smlouva.pdf — the signed contract once accepted (the stored bytes), else the draft as sent. */
export async function GET(request: Request, { params }: Ctx) {
  const { token } = await params;
  return coupleRoute(request, async () => {
    const { db } = await openDeps();
    const file = await contractPdfForToken(db, token);
    return pdfResponse(file.pdf, file.fileName);
  });
}
