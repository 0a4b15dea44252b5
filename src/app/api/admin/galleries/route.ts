import { galleryRoute, json, parseJson } from '@/galleries/http.server';
import { createGallery, listGalleries } from '@/galleries/admin.server';
import { galleryCreateSchema } from '@/galleries/input';

export const dynamic = 'force-dynamic';

/** GET /api/admin/galleries — every gallery (newest first) with its photo count. */
export async function GET(request: Request) {
  return galleryRoute(request, async (deps) => {
    const rows = await listGalleries(deps);
    return json({
      data: rows.map((g) => ({ id: g.id, slug: g.slug, title: g.title, date: g.weddingDate, coupleEmail: g.coupleEmail, published: g.published, expiresAt: g.expiresAt?.toISOString() ?? null, photoCount: g.photoCount })),
    });
  });
}

/** POST /api/admin/galleries {title, date?, coupleEmail?, inquiryId?, expiresAt?, selectionLimit?} → 201 {id, slug, code}. */
export async function POST(request: Request) {
  return galleryRoute(request, async (deps) => json(await createGallery(deps, await parseJson(request, galleryCreateSchema)), 201));
}
