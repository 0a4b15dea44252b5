import type { Metadata } from 'next';
import { WeddingDetailView } from '@/ui/wedding/wedding-detail-view';
import { configuredSource } from '@/ui/wedding/content-source.server';
import { weddingById, findWeddingById, moreWeddings } from '@/ui/wedding/wedding-route';
import { weddingMetadata } from '@/ui/wedding/wedding-seo';
import type { SearchParams } from '@/ui/wedding/portfolio-filters';

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return weddingMetadata(await findWeddingById(configuredSource(), (await params).id));
}

/** /weddings/id/{id}?kategorie=…&foto=… rendered per request (rewritten here by the proxy). */
export default async function WeddingByIdGalleryPage({ params, searchParams }: Props) {
  const wedding = await weddingById(configuredSource(), (await params).id);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={await moreWeddings(configuredSource(), wedding)} />;
}
