import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { requireAdminApi } from '@/accounts/public.server';
import { log } from '@/platform/log';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { MAX_UPLOAD_LABEL, PhotoError, photoTmpDir, receiveMultipartFile } from '@/photos/public.server';
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

export interface SpooledFile {
  filePath: string;
  fileName: string;
  setId: string | null;
  /** SHA-256 (hex) and byte size, computed while the file was written. */
  hash: string;
  size: number;
  cleanup: () => Promise<void>;
}

/**
 * The simple multipart path (one image in the field `file`, optional `setId`): the body is parsed as it arrives and
 * the file streamed to a temporary file for the photo module (`receiveMultipartFile`: never whole in memory, hashed
 * and counted on the way, refused as soon as it grows past the limit).
 */
export async function spoolMultipartFile(request: Request): Promise<SpooledFile> {
  const received = await receiveMultipartFile(request, { tmpDir: path.join(photoTmpDir(), 'multipart'), tooLarge });
  const setId = received.fields.setId || null;
  if (setId && !UUID.safeParse(setId).success) {
    await received.cleanup();
    throw new PhotoError(400, 'ValidationError', 'Neplatná sada.');
  }
  return { filePath: received.filePath, fileName: received.fileName, setId, hash: received.hash, size: received.size, cleanup: received.cleanup };
}
