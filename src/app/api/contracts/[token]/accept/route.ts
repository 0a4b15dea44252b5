import { z } from 'zod';
import { accountKey, getCurrentUser } from '@/accounts/public.server';
import { deliverAfterResponse, openDeps } from '@/bookings/public.server';
import { acceptContract, coupleError, coupleRoute } from '@/billing/public.server';
import { isForeignOrigin, FOREIGN_ORIGIN_MESSAGE } from '@/platform/origin';
import { clientAddress } from '@/platform/rate-limit.server';
import { BodyError, readJsonBody } from '@/platform/request-body';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ token: string }> };

const bodySchema = z.object({ names: z.unknown() });

/**
 * POST /api/contracts/{token}/accept {names} → 201 {acceptedAt}. The token from the mail is the proof; the signed-in
 * account (if any) and the client address are recorded with it. A second acceptance → 409.
 */
export async function POST(request: Request, { params }: Ctx) {
  const { token } = await params;
  return coupleRoute(request, async () => {
    if (isForeignOrigin(request)) return coupleError(403, FOREIGN_ORIGIN_MESSAGE);
    let body: unknown;
    try {
      body = await readJsonBody(request, 8 * 1024);
    } catch (err) {
      if (err instanceof BodyError) return coupleError(err.status, err.message);
      throw err;
    }
    const parsed = bodySchema.safeParse(body);
    if (!parsed.success) return coupleError(400, 'Očekáván objekt {"names": "…"} se jmény snoubenců.');
    const { db, config } = await openDeps();
    const user = await getCurrentUser();
    const result = await acceptContract(db, {
      token,
      names: parsed.data.names,
      account: user ? { key: accountKey(user), email: user.email } : null,
      clientAddress: clientAddress(request.headers),
      config,
    });
    deliverAfterResponse(db, result.mailIds);
    return Response.json({ acceptedAt: result.acceptedAt }, { status: 201, headers: { 'cache-control': 'no-store' } });
  });
}
