import type { Metadata } from 'next';
import { WeddingDetailView } from '@/ui/wedding/wedding-detail-view';
import { configuredSource } from '@/ui/wedding/content-source.server';
import { weddingBySlug, findWeddingBySlug, moreWeddings } from '@/ui/wedding/wedding-route';
import { weddingMetadata } from '@/ui/wedding/wedding-seo';
import type { SearchParams } from '@/ui/wedding/portfolio-filters';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The canonical link points at /weddings/{slug}.
  return weddingMetadata(await findWeddingBySlug(configuredSource(), (await params).slug));
}

/**
 * /weddings/{slug}?kategorie=…&foto=… rendered per request (the proxy rewrites those URLs here; the cached page
 * ignores queries). The browser keeps the original address.
 */
export default async function WeddingGalleryPage({ params, searchParams }: Props) {
  const wedding = await weddingBySlug(configuredSource(), (await params).slug);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={await moreWeddings(configuredSource(), wedding)} />;
}
