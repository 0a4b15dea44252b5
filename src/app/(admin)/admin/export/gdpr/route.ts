import { z } from 'zod';
import { requireAdminApi } from '@/accounts/guards.server';
import { personalData } from '@/bookings/admin-data.server';

/** GET /admin/export/gdpr?email= — everything stored about one e-mail address, as JSON. */
export async function GET(request: Request): Promise<Response> {
  const admin = await requireAdminApi(request);
  if (admin instanceof Response) return admin;
  const email = z.email().safeParse((new URL(request.url).searchParams.get('email') ?? '').trim().toLowerCase());
  if (!email.success) {
    return Response.json({ error: { message: 'Zadejte prosím platný e-mail.', fields: { email: 'Zadejte prosím platný e-mail.' } } }, { status: 400 });
  }
  const data = await personalData(email.data);
  return new Response(JSON.stringify({ email: email.data, exportedAt: new Date().toISOString(), ...data }, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="osobni-udaje-${email.data.replace(/[^a-z0-9.@_-]/g, '_')}.json"`,
      'cache-control': 'no-store',
    },
  });
}
