import { z } from 'zod';
import { siteUrl } from '@/platform/env';
import { accessCookie, openGalleryRoute, parseVisitorJson, visitorJson } from '@/galleries/visitor-http.server';
import { ACCESS_COOKIE_MAX_AGE_S, enterCode } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({ code: z.string({ error: 'Zadejte prosím přístupový kód.' }).trim().min(1, 'Zadejte prosím přístupový kód.').max(100, 'Kód je příliš dlouhý.') });

/** POST /api/galleries/{slug}/access {code} → 200 {kind} and the gallery's HttpOnly access cookie; wrong → 401; guessing → 429. */
export async function POST(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return openGalleryRoute(request, slug, async ({ deps, gallery, now, address }) => {
    const { code } = await parseVisitorJson(request, bodySchema);
    const granted = await enterCode(deps.db, gallery, code, address, now);
    return visitorJson({ kind: granted.kind }, 200, {
      'set-cookie': accessCookie(gallery.id, granted.token, siteUrl().startsWith('https:'), ACCESS_COOKIE_MAX_AGE_S),
    });
  });
}
