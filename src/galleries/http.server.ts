import 'server-only';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
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

export interface SpooledFile {
  filePath: string;
  fileName: string;
  setId: string | null;
  /** SHA-256 (hex) and byte size, computed while the file was written. */
  hash: string;
  size: number;
  cleanup: () => Promise<void>;
}

const unreadable = () => new PhotoError(400, 'ValidationError', 'Formulář se nepodařilo přečíst (přerušené nahrávání?). Zkuste to prosím znovu.');
const missingFile = () => new PhotoError(400, 'ValidationError', 'Chybí soubor v poli „file“.');

/**
 * The simple multipart path (one image in the field `file`, optionally `setId`): the body is parsed as it arrives
 * (busboy) and the file streamed to a temporary file for the photo module, hashed and counted on the way — never
 * held in memory. A file past the limit stops the upload at that byte (413); other parts are skipped; a body that
 * breaks off or is not valid multipart is 400. Everything is in Czech.
 */
export async function spoolMultipartFile(request: Request): Promise<SpooledFile> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new PhotoError(415, 'UnsupportedMediaTypeError', 'Očekáván formulář multipart/form-data s obrázkem v poli „file“.');
  if (Number(request.headers.get('content-length') ?? '0') > MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge();
  if (!request.body) throw missingFile();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      defParamCharset: 'utf8',
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
    });
  } catch {
    // No boundary, or not parseable as multipart at all.
    throw unreadable();
  }
  const dir = path.join(photoTmpDir(), 'multipart');
  await fs.mkdir(dir, { recursive: true });
  const tmp = await fs.mkdtemp(path.join(dir, 'up-'));
  const cleanup = () => fs.rm(tmp, { recursive: true, force: true });
  const filePath = path.join(tmp, 'file');
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const hash = createHash('sha256');
  let size = 0;
  let fileName: string | null = null;
  let setRaw: string | null = null;
  let written: Promise<void> | null = null;
  let failure: PhotoError | null = null;
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || written) {
      stream.resume();
      return;
    }
    fileName = info.filename ?? '';
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
    });
    stream.once('limit', () => {
      failure = tooLarge();
      // Stop reading the rest of the body: nothing of it will be kept.
      source.destroy(failure);
    });
    written = pipeline(stream, createWriteStream(filePath));
  });
  parser.on('field', (name, value) => {
    if (name === 'setId') setRaw = value;
  });
  try {
    await pipeline(source, parser);
    await written;
  } catch {
    await (written as Promise<void> | null)?.catch(() => undefined);
    await cleanup();
    throw failure ?? unreadable();
  }
  const setId = setRaw === null || setRaw === '' ? null : (setRaw as string);
  if (fileName === null || (setId !== null && !UUID.safeParse(setId).success)) {
    await cleanup();
    throw fileName === null ? missingFile() : new PhotoError(400, 'ValidationError', 'Neplatná sada.');
  }
  return { filePath, fileName, setId, hash: hash.digest('hex'), size, cleanup };
}
