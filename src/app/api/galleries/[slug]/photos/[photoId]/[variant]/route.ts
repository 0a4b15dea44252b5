import type { NextRequest } from 'next/server';
import { galleryPhoto, openGalleryPhoto } from '@/galleries/read.server';
import { visitorError, visitorRoute, PRIVATE_HEADERS } from '@/galleries/visitor-http.server';
import { downloadName, downloadSize, logDownload, VisitorError } from '@/galleries/visitor.server';
import { contentDisposition } from '@/galleries/visitor-view.server';
import { DECLARED_LENGTH } from '@/platform/declared-response.mjs';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ slug: string; photoId: string; variant: string }> };

/**
 * GET /api/galleries/{slug}/photos/{photoId}/{small|medium} → the photo for the page and the lightbox;
 * …/{web|original}[?pin=] → a download of one photo, as the gallery's settings allow, logged. 401 without the cookie.
 */
export async function GET(request: NextRequest, { params }: Ctx) {
  const { slug, photoId, variant } = await params;
  return visitorRoute(request, slug, async ({ deps, gallery, visitor, now, address }) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(photoId)) return visitorError(404, 'Fotografie v této galerii není.');
    if (variant === 'small' || variant === 'medium') {
      const opened = await openGalleryPhoto(deps, gallery.id, photoId, variant);
      if (!opened) return visitorError(404, 'Fotografie v této galerii není.');
      return new Response(opened.stream, {
        headers: { 'content-type': opened.contentType, 'content-length': String(opened.size), [DECLARED_LENGTH]: String(opened.size), 'cache-control': 'private, max-age=3600', 'x-robots-tag': 'noindex' },
      });
    }
    if (variant !== 'web' && variant !== 'original') return visitorError(404, 'Taková velikost fotografie neexistuje.');
    const size = await downloadSize(deps.db, gallery, visitor, variant, request.nextUrl.searchParams.get('pin'), address, now);
    const opened = await openGalleryPhoto(deps, gallery.id, photoId, size);
    if (!opened) throw new VisitorError(404, 'Fotografie v této galerii není.');
    const photo = await galleryPhoto(deps, gallery.id, photoId);
    const name = photo ? downloadName(photo, size) : `${photoId}.jpg`;
    await logDownload(deps.db, gallery, visitor, `${name} (${size === 'web' ? 'web' : 'plné rozlišení'})`, opened.size);
    return new Response(opened.stream, {
      headers: { ...PRIVATE_HEADERS, 'content-type': opened.contentType, 'content-length': String(opened.size), [DECLARED_LENGTH]: String(opened.size), 'content-disposition': contentDisposition(name) },
    });
  });
}
