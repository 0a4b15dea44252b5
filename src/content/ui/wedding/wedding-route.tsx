import { cache } from 'react';
import { notFound, permanentRedirect } from 'next/navigation';
import { currentSlugOfRenamedWedding } from '@/content/studio/runtime.server';
import type { Wedding, WeddingDetail } from '@/content/types';
import { sortWeddings } from './portfolio-filters';
import type { WeddingSource } from '@/content/wedding-source.server';
import { isValidWeddingId, isValidWeddingSlug } from './slug';
import { NotFoundView, currentPath } from '@/ui/error-view';

/**
 * Shared loading for every wedding route. A slug that fails the docs/spec.md §2 validity check and an unknown
 * wedding both end in notFound(), which the route's segment-level not-found.tsx renders as the fatal
 * "Page Not Found: {path}" (docs/decisions/021-wedding-routes.md).
 */
export const weddingBySlug = cache(async (source: WeddingSource, slug: string): Promise<WeddingDetail> => {
  if (!isValidWeddingSlug(slug)) notFound();
  const wedding = await source.getWedding(slug);
  if (!wedding) {
    // A studio wedding whose slug was changed keeps its old address: 308 to the current one.
    const renamed = source.name === 'local' ? await currentSlugOfRenamedWedding(slug) : null;
    if (renamed) permanentRedirect(`/weddings/${renamed}`);
    notFound();
  }
  return wedding;
});

/** For generateMetadata: the same lookup without notFound() (thrown there, Next 16 sends an error shell). */
export const findWeddingBySlug = cache(async (source: WeddingSource, slug: string): Promise<WeddingDetail | null> =>
  isValidWeddingSlug(slug) ? source.getWedding(slug) : null,
);
export const findWeddingById = cache(async (source: WeddingSource, id: string): Promise<WeddingDetail | null> =>
  isValidWeddingId(id) ? source.getWeddingById(id) : null,
);

export const weddingById = cache(async (source: WeddingSource, id: string): Promise<WeddingDetail> => {
  if (!isValidWeddingId(id)) notFound();
  const wedding = await source.getWeddingById(id);
  if (!wedding) notFound();
  return wedding;
});

/**
 * The segment-level not-found page of the cached wedding routes (the fatal variant of docs/spec.md §2): no request
 * headers, so it can be part of a cached render; the path comes from the router (docs/decisions/011-render-cache-csp.md).
 */
export function FatalNotFound() {
  return <NotFoundView fatal />;
}

/** The same for routes rendered per request (the Strapi diagnostics pages): the full path comes from the proxy. */
export async function FatalNotFoundWithRequestPath() {
  return <NotFoundView fatal path={await currentPath()} />;
}

/** The next two weddings in portfolio order (wrapping around), for "Další svatby" under a wedding. */
export async function moreWeddings(source: WeddingSource, current: Wedding, count = 2): Promise<Wedding[]> {
  const all = sortWeddings(await source.getWeddings()).filter((w) => w.slug !== current.slug);
  if (!all.length) return [];
  const ordered = sortWeddings([...all, current]);
  const at = ordered.findIndex((w) => w.slug === current.slug);
  const after = [...ordered.slice(at + 1), ...ordered.slice(0, at)];
  return after.slice(0, count);
}
