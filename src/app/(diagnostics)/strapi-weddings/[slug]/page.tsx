import type { Metadata } from 'next';
import { WeddingDetailView } from '@/content/ui/wedding/wedding-detail-view';
import { strapiSource } from '@/content/wedding-source.server';
import { weddingBySlug, findWeddingBySlug, moreWeddings } from '@/content/ui/wedding/wedding-route';
import { weddingMetadata } from '@/content/ui/wedding/wedding-seo';
import type { SearchParams } from '@/platform/search-params';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return weddingMetadata(await findWeddingBySlug(strapiSource(), (await params).slug));
}

export default async function StrapiWeddingPage({ params, searchParams }: Props) {
  const wedding = await weddingBySlug(strapiSource(), (await params).slug);
  return <WeddingDetailView wedding={wedding} searchParams={await searchParams} backHref="/strapi-portfolio" more={await moreWeddings(strapiSource(), wedding)} moreHref={(w) => `/strapi-weddings/${w.slug}`} />;
}
