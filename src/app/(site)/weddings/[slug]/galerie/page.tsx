import type { Metadata } from 'next';
import { WeddingDetailView } from '@/content/ui/wedding/wedding-detail-view';
import { configuredSource } from '@/content/wedding-source.server';
import { weddingBySlug, findWeddingBySlug, moreWeddings } from '@/content/ui/wedding/wedding-route';
import { weddingMetadata } from '@/content/ui/wedding/wedding-seo';
import type { SearchParams } from '@/platform/search-params';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The canonical link points at /weddings/{slug}.
  return weddingMetadata(await findWeddingBySlug(configuredSource(), (await params).slug));
}

/**
 * /weddings/{slug}?kategorie=…&foto=…&strana=… rendered per request (the proxy rewrites those URLs here; the cached page
 * ignores queries). The browser keeps the original address.
 */
export default async function WeddingGalleryPage({ params, searchParams }: Props) {
  const wedding = await weddingBySlug(configuredSource(), (await params).slug);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={await moreWeddings(configuredSource(), wedding)} pagedGallery />;
}
