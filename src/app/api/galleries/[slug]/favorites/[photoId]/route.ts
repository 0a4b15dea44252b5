import type { NextRequest } from 'next/server';
import { visitorRoute } from '@/galleries/visitor-http.server';
import { setFavorite } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ slug: string; photoId: string }> };

const NO_CONTENT = { status: 204, headers: { 'cache-control': 'private, no-store' } };

/** PUT /api/galleries/{slug}/favorites/{photoId} → 204 (hearted). */
export async function PUT(request: NextRequest, { params }: Ctx) {
  const { slug, photoId } = await params;
  return visitorRoute(request, slug, async (ctx) => {
    await setFavorite(ctx.deps, ctx.gallery, ctx.visitor, photoId, true);
    return new Response(null, NO_CONTENT);
  });
}

/** DELETE /api/galleries/{slug}/favorites/{photoId} → 204. */
export async function DELETE(request: NextRequest, { params }: Ctx) {
  const { slug, photoId } = await params;
  return visitorRoute(request, slug, async (ctx) => {
    await setFavorite(ctx.deps, ctx.gallery, ctx.visitor, photoId, false);
    return new Response(null, NO_CONTENT);
  });
}
