import 'server-only';
import { z } from 'zod';
import { requireAdminApi, type SessionUser } from '@/accounts/public.server';
import type { Db } from '@/db/client';
import { log } from '@/platform/log';
import { isForeignOrigin } from '@/platform/origin';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { actorOf } from './admin-data.server';
import { openDeps } from './runtime.server';
import type { BookingConfig } from './config';

/**
 * The admin JSON APIs' common handling (bookings, contracts, payments): the admin guard (Bearer JWT or the session
 * cookie; anonymous → 401, a couple → 403), a same-origin check for cookie-authorised writes, and every failure as
 * `{ data: null, error: { status, name, message, details } }` with a Czech message — the shape of the other admin
 * APIs — never a 500 for bad input.
 */
const NO_STORE = { 'cache-control': 'no-store' };

export type ApiErrorName =
  | 'ValidationError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'ForbiddenError'
  | 'PayloadTooLargeError'
  | 'UnsupportedMediaTypeError'
  | 'ServiceUnavailableError';

/** Thrown by a handler (or a domain service) to answer with a Czech 4xx. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: ApiErrorName,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function apiErrorJson(status: number, name: string, message: string, details: Record<string, unknown> = {}): Response {
  return Response.json({ data: null, error: { status, name, message, details } }, { status, headers: NO_STORE });
}

export function apiJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function errorNameFor(status: number): ApiErrorName {
  if (status === 404) return 'NotFoundError';
  if (status === 409) return 'ConflictError';
  if (status === 403) return 'ForbiddenError';
  if (status === 413) return 'PayloadTooLargeError';
  if (status === 415) return 'UnsupportedMediaTypeError';
  if (status === 503) return 'ServiceUnavailableError';
  return 'ValidationError';
}

export interface AdminApiContext {
  db: Db;
  config: BookingConfig;
  admin: SessionUser;
  /** How the history records this admin. */
  actor: string;
}

export async function adminApiRoute(request: Request, handler: (ctx: AdminApiContext) => Promise<Response>): Promise<Response> {
  try {
    const admin = await requireAdminApi(request);
    if (admin instanceof Response) return admin;
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.headers.get('authorization') && isForeignOrigin(request)) {
      return apiErrorJson(403, 'ForbiddenError', 'Požadavek z cizího webu odmítnut.');
    }
    const { db, config } = await openDeps();
    return await handler({ db, config, admin, actor: actorOf(admin) });
  } catch (err) {
    if (err instanceof ApiError) return apiErrorJson(err.status, err.errorName, err.message, err.details);
    if (err instanceof BodyError) return apiErrorJson(err.status, errorNameFor(err.status), err.message);
    if (err instanceof z.ZodError) {
      const first = err.issues[0];
      return apiErrorJson(400, 'ValidationError', first?.message ?? 'Neplatné údaje.', { errors: err.issues.map((i) => ({ path: i.path, message: i.message })) });
    }
    log.error('admin api: request failed', { method: request.method, url: request.url, err });
    return apiErrorJson(503, 'ServiceUnavailableError', 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli znovu.');
  }
}

export async function parseApiJson<T>(request: Request, schema: z.ZodType<T>, limit = 64 * 1024): Promise<T> {
  return schema.parse(await readJsonBody(request, limit));
}

/** Route params: booking ids are positive integers; anything else is simply not found. */
export function bookingIdParam(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new ApiError(404, 'NotFoundError', 'Poptávka nebyla nalezena.');
  return Number(raw);
}
