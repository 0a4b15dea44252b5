import type { Metadata } from 'next';
import { WeddingDetailView } from '@/content/ui/wedding/wedding-detail-view';
import { configuredSource } from '@/content/wedding-source.server';
import { weddingById, findWeddingById, moreWeddings } from '@/content/ui/wedding/wedding-route';
import { weddingMetadata } from '@/content/ui/wedding/wedding-seo';
import type { SearchParams } from '@/platform/search-params';

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return weddingMetadata(await findWeddingById(configuredSource(), (await params).id));
}

/** /weddings/id/{id}?kategorie=…&foto=…&strana=… rendered per request (rewritten here by the proxy). */
export default async function WeddingByIdGalleryPage({ params, searchParams }: Props) {
  const wedding = await weddingById(configuredSource(), (await params).id);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={await moreWeddings(configuredSource(), wedding)} pagedGallery />;
}
