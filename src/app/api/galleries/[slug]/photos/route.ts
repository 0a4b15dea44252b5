import type { NextRequest } from 'next/server';
import { visitorPhotoPage } from '@/galleries/visitor-view.server';
import { visitorRoute, visitorJson, visitorError } from '@/galleries/visitor-http.server';

export const dynamic = 'force-dynamic';

/** GET /api/galleries/{slug}/photos?strana=N[&sada=setSlug] → one page of the gallery's ready photos (with the access cookie; 401 without). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery }) => {
    const sp = request.nextUrl.searchParams;
    const raw = sp.get('strana') ?? '1';
    if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1) return visitorError(400, 'Číslo stránky musí být kladné celé číslo.');
    const set = sp.get('sada');
    if (set !== null && !gallery.sets.some((s) => s.slug === set)) return visitorError(404, 'Taková sada v galerii není.');
    return visitorJson(await visitorPhotoPage(deps, gallery, Number(raw), set ?? undefined));
  });
}
