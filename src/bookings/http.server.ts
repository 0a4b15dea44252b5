import 'server-only';
import type { Db } from '@/db/client';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { clientAddress } from '@/platform/rate-limit.server';
import { FOREIGN_ORIGIN_MESSAGE, isForeignOrigin } from '@/platform/origin';
import { log } from '@/platform/log';
import { JSON_BODY_LIMIT, type BookingConfig } from './config';
import { availability, parseRange, submitInquiry, TRY_AGAIN, type IntakeResult } from './service.server';

/** The JSON API's request handling, independent of Next so integration tests can drive it directly. */

export interface HttpDeps {
  getDb: () => Promise<Db>;
  config: BookingConfig;
  packageIds: readonly string[];
  /** Called with the queued mail ids after the response is decided (Next: `after()`). */
  deliver?: (db: Db, mailIds: number[]) => void;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

function errorResponse(status: number, message: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Response {
  return json(status, { error: { message, fields } }, headers);
}

/** POST /api/inquiries */
export async function handleInquiryPost(request: Request, deps: HttpDeps): Promise<Response> {
  if (isForeignOrigin(request)) return errorResponse(403, FOREIGN_ORIGIN_MESSAGE);
  let body: unknown;
  try {
    body = await readJsonBody(request, JSON_BODY_LIMIT);
  } catch (err) {
    if (err instanceof BodyError) return errorResponse(err.status, err.message);
    log.warn('inquiry body could not be read', { err });
    return errorResponse(400, 'Požadavek se nepodařilo přečíst.');
  }
  const kindParam = new URL(request.url).searchParams.get('kind');
  const kind = kindParam === 'simple' || kindParam === 'contact' ? kindParam : 'full';
  const result: IntakeResult = await submitInquiry(deps.getDb, {
    kind,
    raw: body,
    idempotencyKey: request.headers.get('idempotency-key'),
    clientAddress: clientAddress(request.headers),
    packageIds: deps.packageIds,
    config: deps.config,
  });
  if (!result.ok) {
    const headers: Record<string, string> = {};
    if (result.retryAfterSeconds) headers['retry-after'] = String(result.retryAfterSeconds);
    if (result.status === 503) headers['retry-after'] = '30';
    return errorResponse(result.status, result.message, result.fields ?? {}, headers);
  }
  if (result.mailIds.length && deps.deliver) {
    try {
      deps.deliver(await deps.getDb(), result.mailIds);
    } catch (err) {
      log.warn('mail delivery could not be scheduled; the outbox job will retry', { err });
    }
  }
  // A retry gets the original answer (201 and the same reference), marked as a replay.
  return json(201, { reference: result.reference }, result.created ? {} : { 'idempotent-replayed': 'true' });
}

/** GET /api/availability?from=&to= — dates only. */
export async function handleAvailabilityGet(request: Request, deps: Pick<HttpDeps, 'getDb' | 'config'>): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const range = parseRange(params.get('from'), params.get('to'));
  if (!range.ok) return errorResponse(range.status, range.message);
  try {
    const db = await deps.getDb();
    const taken = await availability(db, range.from, range.to, deps.config);
    return json(200, { taken }, { 'cache-control': 'no-store' });
  } catch (err) {
    log.error('availability: database unavailable', { err });
    return errorResponse(503, TRY_AGAIN.replace('poptávku se teď nepodařilo uložit', 'dostupnost termínů se teď nepodařilo načíst'), {}, { 'retry-after': '30' });
  }
}
