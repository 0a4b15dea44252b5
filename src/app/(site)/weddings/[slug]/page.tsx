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
  return weddingMetadata(await findWeddingBySlug(configuredSource(), (await params).slug));
}

/** The canonical wedding page /weddings/{slug}. */
export default async function WeddingPage({ params, searchParams }: Props) {
  const wedding = await weddingBySlug(configuredSource(), (await params).slug);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={await moreWeddings(configuredSource(), wedding)} />;
}
