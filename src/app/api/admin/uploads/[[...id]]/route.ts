import { requireAdminApi } from '@/accounts/public.server';
import { crossSiteCookieWrite, errorJson } from '@/galleries/http.server';
import { galleryDeps, galleryUploadTarget } from '@/galleries/public.server';
import { tusServer } from '@/photos/public.server';

export const dynamic = 'force-dynamic';

/**
 * /api/admin/uploads — resumable uploads (the tus protocol, v1.0.0 with creation, termination and expiration):
 * POST creates an upload (metadata: target "gallery", galleryId, optional setId, filename), HEAD tells its offset,
 * PATCH appends, DELETE cancels. Admin only; the final PATCH answers {id, status, duplicate} of the added photo.
 */
async function handle(request: Request): Promise<Response> {
  const admin = await requireAdminApi(request);
  if (admin instanceof Response) return admin;
  if (crossSiteCookieWrite(request)) return errorJson(403, 'ForbiddenError', 'Požadavek z cizího webu odmítnut.');
  const { handle: handleTus } = tusServer({ gallery: galleryUploadTarget(galleryDeps) });
  const res = await handleTus(request);
  res.headers.set('cache-control', 'no-store');
  return res;
}

export const POST = handle;
export const PATCH = handle;
export const HEAD = handle;
export const DELETE = handle;
