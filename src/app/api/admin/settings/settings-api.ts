import 'server-only';
import { inquiryNotifyAddress, requireAdminApi, type SessionUser } from '@/accounts/public.server';
import { invalidateContent } from '@/content/invalidate.server';
import { log } from '@/platform/log';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { effectiveSettings, SettingsError, sitePhotoIds, type SiteSettingsDoc } from '@/site/public.server';
import { pruneSitePhotos } from '@/content/studio/service.server';
import { studioDeps } from '@/content/studio/runtime.server';

/**
 * Shared by /api/admin/settings (GET, PATCH), /export and /import: the admin guard (Bearer JWT or the session
 * cookie; anonymous → 401, a couple → 403), a same-origin check for cookie-authorised writes, and every failure as
 * `{ data: null, error: { status, name, message, details } }` with a Czech message — the shape of the other admin
 * APIs. A bad value → 422 naming the field (`details.errors[].field`).
 */
const NO_STORE = { 'cache-control': 'no-store' };

export function errorJson(status: number, name: string, message: string, details: Record<string, unknown> = {}): Response {
  return Response.json({ data: null, error: { status, name, message, details } }, { status, headers: NO_STORE });
}

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

/** The effective settings as answered: `photographer.notifyEmail` is the address inquiries really go to. */
export async function settingsBody(doc: SiteSettingsDoc = effectiveSettings()): Promise<SiteSettingsDoc> {
  const notify = await inquiryNotifyAddress();
  return { ...doc, photographer: { ...doc.photographer, notifyEmail: notify.email } };
}

export async function settingsRoute(request: Request, handler: (admin: SessionUser) => Promise<Response>): Promise<Response> {
  try {
    const admin = await requireAdminApi(request);
    if (admin instanceof Response) return admin;
    if (crossSiteCookieWrite(request)) return errorJson(403, 'ForbiddenError', 'Požadavek z cizího webu odmítnut.');
    return await handler(admin);
  } catch (err) {
    if (err instanceof SettingsError) {
      const first = err.issues[0];
      return errorJson(422, 'ValidationError', first ? `${first.field}: ${first.message}` : 'Neplatné nastavení.', { errors: err.issues });
    }
    if (err instanceof BodyError) return errorJson(err.status, err.status === 413 ? 'PayloadTooLargeError' : err.status === 415 ? 'UnsupportedMediaTypeError' : 'ValidationError', err.message);
    log.error('settings: request failed', { method: request.method, url: request.url, err });
    return errorJson(503, 'ServiceUnavailableError', 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli znovu.');
  }
}

/** Settings documents are small; a megabyte is far more than a long FAQ and price list. */
export function readSettingsBody(request: Request): Promise<unknown> {
  return readJsonBody(request, 1024 * 1024);
}

/**
 * After a saved change: the site's own photos no longer named (a replaced hero or portrait) are removed. A failure
 * only leaves files behind, so it is logged, never answered as an error of the save.
 */
export async function pruneReplacedSitePhotos(): Promise<void> {
  try {
    await pruneSitePhotos(await studioDeps(), sitePhotoIds());
  } catch (err) {
    log.warn('settings: removing replaced site photos failed', { err });
  }
}

/** After a saved change: every public page shows it at once (this instance and, on PostgreSQL, the others). */
export function settingsChanged(): void {
  invalidateContent();
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}
