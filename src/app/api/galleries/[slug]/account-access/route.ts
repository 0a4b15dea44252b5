import { getCurrentUser } from '@/accounts/public.server';
import { siteUrl } from '@/platform/env';
import { accessCookie, openGalleryRoute, visitorError } from '@/galleries/visitor-http.server';
import { ACCESS_COOKIE_MAX_AGE_S, enterByAccount } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

/**
 * POST /api/galleries/{slug}/account-access (the button on /ucet) → 303 to /galerie/{slug} with the couple's access
 * cookie, for a signed-in account whose e-mail is confirmed and is the gallery's couple e-mail; else 401/403.
 */
export async function POST(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return openGalleryRoute(request, slug, async ({ deps, gallery }) => {
    const user = await getCurrentUser();
    if (!user) return visitorError(401, 'Přihlaste se prosím ke svému účtu.');
    if (!user.confirmed) return visitorError(403, 'Nejdřív prosím potvrďte svůj e-mail.');
    const granted = await enterByAccount(deps.db, gallery, user.email);
    return new Response(null, {
      status: 303,
      headers: {
        location: `/galerie/${gallery.slug}`,
        'cache-control': 'no-store',
        'set-cookie': accessCookie(gallery.id, granted.token, siteUrl().startsWith('https:'), ACCESS_COOKIE_MAX_AGE_S),
      },
    });
  });
}
