import type { NextRequest } from 'next/server';
import { visitorRoute, visitorJson } from '@/galleries/visitor-http.server';
import { favoritesOf } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

/** GET /api/galleries/{slug}/favorites → {photoIds} of this visitor (of their e-mail once given: every device). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery, visitor }) => visitorJson({ photoIds: await favoritesOf(deps.db, gallery, visitor), email: visitor.email }));
}
