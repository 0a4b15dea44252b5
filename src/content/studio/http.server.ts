import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { requireAdminApi } from '@/accounts/public.server';
import { log } from '@/platform/log';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { photoTmpDir, PhotoError, receiveMultipartFile } from '@/photos/public.server';
import { StudioError, type StudioErrorName } from './errors';
import { safeFileName } from './input';
import { studioDeps } from './runtime.server';
import { tooLarge, type StudioDeps, type UploadInput } from './service.server';

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

/**
 * The multipart body (one image in the field `file`) streamed to a temporary file, hashed and counted on the way and
 * refused as soon as it grows past the upload limit — never held in memory. `take` gets the file; it is removed after.
 */
export async function withUpload<T>(request: Request, take: (upload: UploadInput) => Promise<T>): Promise<T> {
  let received;
  try {
    received = await receiveMultipartFile(request, { tmpDir: path.join(photoTmpDir(), 'multipart'), tooLarge });
  } catch (err) {
    if (err instanceof PhotoError) throw new StudioError(err.status, err.errorName, err.message, err.details);
    throw err;
  }
  try {
    return await take({ filePath: received.filePath, fileName: safeFileName(received.fileName), hash: received.hash, size: received.size });
  } finally {
    await received.cleanup();
  }
}
