import type { NextRequest } from 'next/server';
import { notifySelection } from '@/galleries/mail.server';
import { visitorRoute, visitorJson } from '@/galleries/visitor-http.server';
import { selectionView, submitAlbum } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ slug: string }> };

/** GET /api/galleries/{slug}/selection → {photoIds, limit, submittedAt}. */
export async function GET(request: NextRequest, { params }: Ctx) {
  const { slug } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery }) => visitorJson(await selectionView(deps.db, gallery)));
}

/** POST /api/galleries/{slug}/selection → submits the album selection (the couple, with an e-mail given); the photographer gets a mail. */
export async function POST(request: NextRequest, { params }: Ctx) {
  const { slug } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery, visitor, now }) => {
    const photos = await submitAlbum(deps, gallery, visitor, now);
    await notifySelection(deps.db, gallery, photos, visitor.email ?? '');
    return visitorJson(await selectionView(deps.db, gallery));
  });
}
