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
  return weddingMetadata(await findWeddingBySlug(configuredSource(), (await params).slug));
}

/** The canonical wedding page /weddings/{slug}. */
export default async function WeddingPage({ params, searchParams }: Props) {
  const wedding = await weddingBySlug(configuredSource(), (await params).slug);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={await moreWeddings(configuredSource(), wedding)} />;
}
