import 'server-only';
import { adminApiRoute, ApiError, errorNameFor, type AdminApiContext } from '@/bookings/public.server';
import { BodyError } from '@/platform/request-body';
import { log } from '@/platform/log';
import { BillingError } from './service.server';

/** Route plumbing of the billing domain: its refusals in the admin APIs' error shape and in the couple's. */

/** The admin guard and error shape of the other admin APIs; a BillingError becomes its Czech 4xx. */
export function billingAdminRoute(request: Request, handler: (ctx: AdminApiContext) => Promise<Response>): Promise<Response> {
  return adminApiRoute(request, async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof BillingError) throw new ApiError(err.status, err.status === 410 ? 'NotFoundError' : errorNameFor(err.status), err.message);
      throw err;
    }
  });
}

const NO_STORE = { 'cache-control': 'no-store' };

/** The couple's endpoints answer `{ error: { message } }` (as /api/inquiries does). */
export function coupleError(status: number, message: string): Response {
  return Response.json({ error: { message } }, { status, headers: NO_STORE });
}

export async function coupleRoute(request: Request, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (err) {
    if (err instanceof BillingError) return coupleError(err.status, err.message);
    if (err instanceof BodyError) return coupleError(err.status, err.message);
    log.error('billing: couple request failed', { url: request.url, err });
    return coupleError(503, 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli znovu.');
  }
}

export function pdfResponse(pdf: Buffer, fileName: string, disposition: 'inline' | 'attachment' = 'inline'): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `${disposition}; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}

export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

/** The `file` field of a multipart upload, refused as soon as the body grows past the limit. */
export async function readStatementUpload(request: Request): Promise<Uint8Array> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new BillingError(400, 'Očekáván formulář multipart/form-data s výpisem v poli „file“.');
  const limit = MAX_STATEMENT_BYTES + 64 * 1024;
  const tooLarge = () => new ApiError(413, 'PayloadTooLargeError', 'Výpis je příliš velký (nejvýše 5 MB).');
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw tooLarge();
  if (!request.body) throw new BillingError(400, 'Chybí soubor výpisu v poli „file“.');
  let seen = 0;
  const bounded = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(bounded, { headers: { 'content-type': type } }).formData();
  } catch {
    if (seen > limit) throw tooLarge();
    throw new BillingError(400, 'Formulář s výpisem se nepodařilo přečíst (přerušené nahrávání?). Zkuste to prosím znovu.');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw new BillingError(400, 'Chybí soubor výpisu v poli „file“.');
  if (file.size > MAX_STATEMENT_BYTES) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}
