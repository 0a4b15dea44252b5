import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { log } from '@/platform/log';
import { clientAddress } from '@/platform/rate-limit.server';
import { BodyError, readJsonBody } from '@/platform/request-body';
import { requireAdminApi } from '@/accounts/public.server';
import { galleryById, galleryBySlug, type GalleryDeps } from './read.server';
import { galleryDeps } from './runtime.server';
import type { Gallery } from './types';
import { accessCookieName, assertOpen, visitorFromToken, VisitorError, type Visitor } from './visitor.server';

/**
 * Shared by the /api/galleries/{slug}/… route handlers: the gallery by slug (hidden or unknown → 404 revealing
 * nothing, expired → 410), the access cookie (none or stale → 401), and every failure as
 * `{ error: { status, name, message } }` in Czech — never a 500 for bad input.
 */

const NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  410: 'GoneError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  416: 'RangeNotSatisfiableError',
  429: 'TooManyRequestsError',
  503: 'ServiceUnavailableError',
};

export const PRIVATE_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' } as const;

export function visitorError(status: number, message: string, extra: Record<string, string> = {}): Response {
  return Response.json({ error: { status, name: NAMES[status] ?? 'Error', message } }, { status, headers: { ...PRIVATE_HEADERS, ...extra } });
}

export function visitorJson(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...PRIVATE_HEADERS, ...extra } });
}

export interface VisitorContext {
  deps: GalleryDeps;
  gallery: Gallery;
  visitor: Visitor;
  now: Date;
  address: string;
}

/** A browser write carried by the cookie must come from this site. */
function crossSite(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.get('origin');
  if (!origin) return request.headers.get('sec-fetch-site') === 'cross-site';
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

async function run(request: Request, body: () => Promise<Response>): Promise<Response> {
  try {
    if (crossSite(request)) return visitorError(403, 'Požadavek z cizího webu odmítnut.');
    return await body();
  } catch (err) {
    if (err instanceof VisitorError) return visitorError(err.status, err.message, err.retryAfterSeconds ? { 'retry-after': String(err.retryAfterSeconds) } : {});
    if (err instanceof BodyError) return visitorError(err.status, err.message);
    if (err instanceof z.ZodError) return visitorError(400, err.issues[0]?.message ?? 'Neplatné údaje.');
    log.error('galleries: visitor request failed', { method: request.method, url: request.url, err });
    return visitorError(503, 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli znovu.');
  }
}

/** A route that needs no access yet (entering the code): the open gallery, its deps. */
export async function openGalleryRoute(request: Request, slug: string, handler: (ctx: Omit<VisitorContext, 'visitor'>) => Promise<Response>): Promise<Response> {
  return run(request, async () => {
    const deps = await galleryDeps();
    const now = new Date();
    const gallery = await galleryBySlug(deps, slug);
    assertOpen(gallery, now);
    return handler({ deps, gallery, now, address: clientAddress(request.headers) });
  });
}

/** A route behind the gallery's access cookie. */
export async function visitorRoute(request: NextRequest, slug: string, handler: (ctx: VisitorContext) => Promise<Response>): Promise<Response> {
  return openGalleryRoute(request, slug, async (ctx) => {
    const visitor = await visitorFromToken(ctx.deps.db, ctx.gallery, request.cookies.get(accessCookieName(ctx.gallery.id))?.value, ctx.now);
    if (!visitor) throw new VisitorError(401, 'Pro zobrazení galerie zadejte prosím přístupový kód.');
    return handler({ ...ctx, visitor });
  });
}

export async function parseVisitorJson<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await readJsonBody(request, 8 * 1024);
  } catch (err) {
    if (err instanceof BodyError) throw err;
    throw new VisitorError(400, 'Tělo požadavku musí být JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new VisitorError(400, parsed.error.issues[0]?.message ?? 'Neplatné údaje.');
  return parsed.data;
}

/** Set-Cookie for a gallery's access: HttpOnly, this site only, for every path (the page and its API). */
export function accessCookie(galleryId: string, token: string, secure: boolean, maxAgeSeconds: number): string {
  return `${accessCookieName(galleryId)}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The photographer's delivery endpoints under /api/admin/galleries/{id}/…: the admin guard (Bearer JWT or the
 * session cookie; anonymous → 401, a couple → 403), the gallery by id (404), the same error shape.
 */
export async function adminDeliveryRoute(request: Request, id: string, handler: (ctx: { deps: GalleryDeps; gallery: Gallery; now: Date }) => Promise<Response>): Promise<Response> {
  return run(request, async () => {
    const admin = await requireAdminApi(request);
    if (admin instanceof Response) return admin;
    const deps = await galleryDeps();
    const gallery = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await galleryById(deps, id) : null;
    if (!gallery) throw new VisitorError(404, 'Galerie nenalezena.');
    return handler({ deps, gallery, now: new Date() });
  });
}
