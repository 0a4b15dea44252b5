import type { NextRequest } from 'next/server';
import { visitorRoute } from '@/galleries/visitor-http.server';
import { setSelected } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ slug: string; photoId: string }> };

const NO_CONTENT = { status: 204, headers: { 'cache-control': 'private, no-store' } };

/** PUT /api/galleries/{slug}/selection/{photoId} → 204; over the album limit or after submitting → 409. */
export async function PUT(request: NextRequest, { params }: Ctx) {
  const { slug, photoId } = await params;
  return visitorRoute(request, slug, async (ctx) => {
    await setSelected(ctx.deps, ctx.gallery, ctx.visitor, photoId, true);
    return new Response(null, NO_CONTENT);
  });
}

/** DELETE /api/galleries/{slug}/selection/{photoId} → 204. */
export async function DELETE(request: NextRequest, { params }: Ctx) {
  const { slug, photoId } = await params;
  return visitorRoute(request, slug, async (ctx) => {
    await setSelected(ctx.deps, ctx.gallery, ctx.visitor, photoId, false);
    return new Response(null, NO_CONTENT);
  });
}
