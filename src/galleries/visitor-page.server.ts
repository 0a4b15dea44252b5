import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { formatCzechDate } from '@/platform/dates';
import { consentView } from './admin-delivery.server';
import { galleryBySlug } from './read.server';
import { galleryDeps } from './runtime.server';
import type { Gallery } from './types';
import type { GalleryViewProps } from './ui/gallery-view';
import { visitorPhotoPage } from './visitor-view.server';
import { accessCookieName, allowedSize, favoritesOf, logView, selectionView, visitorFromToken } from './visitor.server';

/** What /galerie/{slug} shows: nothing (404), the expiry notice, the code form, or the gallery. */
export type VisitorPage =
  | { state: 'missing' }
  | { state: 'expired'; slug: string }
  | { state: 'locked'; slug: string }
  | { state: 'open'; gallery: Gallery; props: GalleryViewProps };

function day(d: Date): string {
  return formatCzechDate(d.toISOString().slice(0, 10));
}

/** Once per request (the metadata and the page share it, and the view is logged once). */
export const visitorPage = cache(async (slug: string): Promise<VisitorPage> => {
  const now = new Date();
  const deps = await galleryDeps();
  const gallery = await galleryBySlug(deps, slug);
  if (!gallery || !gallery.published) return { state: 'missing' };
  if (gallery.expiresAt && gallery.expiresAt.getTime() <= now.getTime()) return { state: 'expired', slug: gallery.slug };
  const token = (await cookies()).get(accessCookieName(gallery.id))?.value;
  const visitor = await visitorFromToken(deps.db, gallery, token, now);
  if (!visitor) return { state: 'locked', slug: gallery.slug };
  const [first, favorites, selection, consent] = await Promise.all([
    visitorPhotoPage(deps, gallery, 1),
    favoritesOf(deps.db, gallery, visitor),
    selectionView(deps.db, gallery),
    consentView(deps.db, gallery),
    logView(deps.db, gallery, visitor),
  ]);
  return {
    state: 'open',
    gallery,
    props: {
      slug: gallery.slug,
      title: gallery.title,
      dateLabel: gallery.weddingDate ? formatCzechDate(gallery.weddingDate) : null,
      expiresLabel: gallery.expiresAt ? day(gallery.expiresAt) : null,
      kind: visitor.kind,
      sets: gallery.sets.map((s) => ({ slug: s.slug, title: s.title })),
      first,
      favorites,
      selection: { photoIds: selection.photoIds, limit: selection.limit, submitted: selection.submittedAt !== null },
      email: visitor.email,
      downloadSize: allowedSize(gallery, visitor),
      zip: gallery.zip,
      pin: gallery.downloadPin !== null,
      consent: consent.given,
    },
  };
});
