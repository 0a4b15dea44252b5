import type { Metadata } from 'next';
import { permanentRedirect } from 'next/navigation';
import { currentSlugOfRenamedWedding } from '@/content/studio/runtime.server';
import { WeddingDetailView } from '@/ui/wedding/wedding-detail-view';
import { configuredSource } from '@/ui/wedding/content-source.server';
import { weddingBySlug, findWeddingBySlug, moreWeddings } from '@/ui/wedding/wedding-route';
import { weddingMetadata } from '@/ui/wedding/wedding-seo';
import { isValidWeddingSlug } from '@/ui/wedding/slug';
import type { SearchParams } from '@/ui/wedding/portfolio-filters';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return weddingMetadata(await findWeddingBySlug(configuredSource(), (await params).slug));
}

/** The canonical wedding page /weddings/{slug}. A studio wedding's former slug answers 308 to its current one. */
export default async function WeddingPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const source = configuredSource();
  if (source.name === 'local' && isValidWeddingSlug(slug) && !(await findWeddingBySlug(source, slug))) {
    const current = await currentSlugOfRenamedWedding(slug);
    if (current) permanentRedirect(`/weddings/${current}`);
  }
  const wedding = await weddingBySlug(source, slug);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={await moreWeddings(source, wedding)} />;
}
