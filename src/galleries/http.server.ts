import 'server-only';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { requireAdminApi } from '@/accounts/public.server';
import { log } from '@/platform/log';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, PhotoError, photoTmpDir } from '@/photos/public.server';
import { GalleryError } from './errors';
import type { GalleryDeps } from './read.server';
import { galleryDeps } from './runtime.server';

/**
 * Shared by the /api/admin/galleries… route handlers: the admin guard (Bearer JWT or the session cookie;
 * anonymous → 401, a couple → 403), a same-origin check for cookie-authorised writes, and every failure as
 * `{ data: null, error: { status, name, message, details } }` with a Czech message — never a 500 for bad input.
 */

const NO_STORE = { 'cache-control': 'no-store' };

export function errorJson(status: number, name: string, message: string, details: Record<string, unknown> = {}): Response {
  return Response.json({ data: null, error: { status, name, message, details } }, { status, headers: NO_STORE });
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** A browser write authorised by the cookie must come from this site (a Bearer token cannot be sent cross-site). */
export function crossSiteCookieWrite(request: Request): boolean {
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

/** Maps an error to its Czech 4xx/503 answer (or null when it is not one of ours). */
export function knownError(err: unknown): Response | null {
  if (err instanceof GalleryError || err instanceof PhotoError) return errorJson(err.status, err.errorName, err.message, err.details);
  if (err instanceof BodyError) return errorJson(err.status, err.status === 413 ? 'PayloadTooLargeError' : err.status === 415 ? 'UnsupportedMediaTypeError' : 'ValidationError', err.message);
  if (err instanceof z.ZodError) {
    const first = err.issues[0];
    return errorJson(400, 'ValidationError', first?.message ?? 'Neplatné údaje.', { errors: err.issues.map((i) => ({ path: i.path, message: i.message })) });
  }
  return null;
}

export type AdminGalleryDeps = GalleryDeps & { kick: () => void };

export async function galleryRoute(request: Request, handler: (deps: AdminGalleryDeps) => Promise<Response>): Promise<Response> {
  try {
    const admin = await requireAdminApi(request);
    if (admin instanceof Response) return admin;
    if (crossSiteCookieWrite(request)) return errorJson(403, 'ForbiddenError', 'Požadavek z cizího webu odmítnut.');
    return await handler(await galleryDeps());
  } catch (err) {
    const known = knownError(err);
    if (known) return known;
    log.error('galleries: request failed', { method: request.method, url: request.url, err });
    return errorJson(503, 'ServiceUnavailableError', 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli znovu.');
  }
}

export async function parseJson<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(await readJsonBody(request, 256 * 1024));
}

/** Route params: ids are UUIDs; anything else is simply not found. */
export const UUID = z.string().uuid();

const tooLarge = () => new PhotoError(413, 'PayloadTooLargeError', `Soubor je větší než ${MAX_UPLOAD_LABEL}. Zmenšete ho prosím, nebo ho nahrajte v administraci (nahrávání lze přerušit a navázat).`);

/**
 * The simple multipart path (one image in the field `file`): the body is refused as soon as it grows past the
 * limit, and the file is written to a temporary file for the photo module. The parsed form is held by the
 * platform's FormData until written (bounded by the limit); the admin UI uses the resumable path, which streams.
 */
export async function spoolMultipartFile(request: Request): Promise<{ filePath: string; fileName: string; setId: string | null; cleanup: () => Promise<void> }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new PhotoError(415, 'UnsupportedMediaTypeError', 'Očekáván formulář multipart/form-data s obrázkem v poli „file“.');
  const limit = MAX_UPLOAD_BYTES + 64 * 1024;
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw tooLarge();
  if (!request.body) throw new PhotoError(400, 'ValidationError', 'Chybí soubor v poli „file“.');
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
    throw new PhotoError(400, 'ValidationError', 'Formulář se nepodařilo přečíst (přerušené nahrávání?). Zkuste to prosím znovu.');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw new PhotoError(400, 'ValidationError', 'Chybí soubor v poli „file“.');
  const setRaw = form.get('setId');
  const setId = typeof setRaw === 'string' && setRaw ? setRaw : null;
  if (setId && !UUID.safeParse(setId).success) throw new PhotoError(400, 'ValidationError', 'Neplatná sada.');
  const dir = path.join(photoTmpDir(), 'multipart');
  await fs.mkdir(dir, { recursive: true });
  const tmp = await fs.mkdtemp(path.join(dir, 'up-'));
  const filePath = path.join(tmp, 'file');
  await pipeline(Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>), createWriteStream(filePath));
  return { filePath, fileName: file.name, setId, cleanup: () => fs.rm(tmp, { recursive: true, force: true }) };
}
