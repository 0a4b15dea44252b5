import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WeddingDetailView } from '@/ui/wedding/wedding-detail-view';
import { strapiSource } from '@/ui/wedding/content-source.server';
import { weddingBySlug } from '@/ui/wedding/wedding-route';
import { weddingMetadata } from '@/ui/wedding/wedding-seo';
import { firstParam, sortWeddings, type SearchParams } from '@/ui/wedding/portfolio-filters';

interface Props {
  searchParams: Promise<SearchParams>;
}

/** `?slug=` chooses the wedding; without it the first wedding of the list (favourites first, newest). */
async function resolve(searchParams: SearchParams) {
  const source = strapiSource();
  const requested = firstParam(searchParams, 'slug');
  if (requested !== undefined) return weddingBySlug(source, requested);
  const first = sortWeddings(await source.getWeddings())[0];
  if (!first) notFound();
  return weddingBySlug(source, first.slug);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return weddingMetadata(await resolve(await searchParams));
}

export default async function StrapiWeddingDetailPage({ searchParams }: Props) {
  const params = await searchParams;
  const wedding = await resolve(params);
  const slug = firstParam(params, 'slug');
  return <WeddingDetailView wedding={wedding} searchParams={params} routeQuery={slug ? { slug } : {}} backHref="/strapi-portfolio" />;
}
