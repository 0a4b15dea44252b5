import 'server-only';
import { z } from 'zod';
import { requireAdminApi } from '@/accounts/public.server';
import { log } from '@/platform/log';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { StudioError, type StudioErrorName } from './errors';
import { MAX_UPLOAD_BYTES } from './pipeline';
import { studioDeps } from './runtime.server';
import { tooLarge, type StudioDeps } from './service.server';

/**
 * Shared by the /api/admin/weddings… and /api/admin/photos… route handlers: the admin guard (Bearer JWT or the
 * session cookie; anonymous → 401, a couple → 403), a same-origin check for cookie-authorised writes, and every
 * failure as `{ data: null, error: { status, name, message, details } }` with a Czech message — never a 500 for
 * bad input.
 */

const NO_STORE = { 'cache-control': 'no-store' };

export function errorJson(status: number, name: StudioErrorName | 'ForbiddenError' | 'InternalServerError' | 'ServiceUnavailableError', message: string, details: Record<string, unknown> = {}): Response {
  return Response.json({ data: null, error: { status, name, message, details } }, { status, headers: NO_STORE });
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** A browser write authorised by the cookie must come from this site (a Bearer token cannot be sent cross-site). */
function crossSiteCookieWrite(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  if (request.headers.get('authorization')) return false;
  const origin = request.headers.get('origin');
  if (!origin) return request.headers.get('sec-fetch-site') === 'cross-site';
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export async function studioRoute(request: Request, handler: (deps: StudioDeps) => Promise<Response>): Promise<Response> {
  try {
    const admin = await requireAdminApi(request);
    if (admin instanceof Response) return admin;
    if (crossSiteCookieWrite(request)) return errorJson(403, 'ForbiddenError', 'Požadavek z cizího webu odmítnut.');
    return await handler(await studioDeps());
  } catch (err) {
    if (err instanceof StudioError) return errorJson(err.status, err.errorName, err.message, err.details);
    if (err instanceof BodyError) return errorJson(err.status, err.status === 413 ? 'PayloadTooLargeError' : err.status === 415 ? 'UnsupportedMediaTypeError' : 'ValidationError', err.message);
    if (err instanceof z.ZodError) {
      const first = err.issues[0];
      return errorJson(400, 'ValidationError', first?.message ?? 'Neplatné údaje.', { errors: err.issues.map((i) => ({ path: i.path, message: i.message })) });
    }
    log.error('studio: request failed', { method: request.method, url: request.url, err });
    return errorJson(503, 'ServiceUnavailableError', 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli znovu.');
  }
}

export async function parseJson<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const body = await readJsonBody(request, 256 * 1024);
  return schema.parse(body);
}

/** Route params: ids are UUIDs; anything else is simply not found. */
export const UUID = z.string().uuid();

/** The multipart body, refused as soon as it grows past the upload limit (plus room for the form's own fields). */
export async function readUpload(request: Request): Promise<{ body: Buffer; fileName: string }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new StudioError(415, 'UnsupportedMediaTypeError', 'Očekáván formulář multipart/form-data s obrázkem v poli „file“.');
  const limit = MAX_UPLOAD_BYTES + 64 * 1024;
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw tooLarge();
  if (!request.body) throw new StudioError(400, 'ValidationError', 'Chybí soubor v poli „file“.');
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
  } catch (err) {
    if (seen > limit) throw tooLarge();
    throw new StudioError(400, 'ValidationError', 'Formulář se nepodařilo přečíst (přerušené nahrávání?). Zkuste to prosím znovu.', { cause: err instanceof Error ? err.message : String(err) });
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw new StudioError(400, 'ValidationError', 'Chybí soubor v poli „file“.');
  return { body: Buffer.from(await file.arrayBuffer()), fileName: file.name };
}
