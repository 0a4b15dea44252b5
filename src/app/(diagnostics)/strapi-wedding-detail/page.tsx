import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WeddingDetailView } from '@/content/ui/wedding/wedding-detail-view';
import { strapiSource } from '@/content/wedding-source.server';
import { findWeddingBySlug, weddingBySlug, moreWeddings } from '@/content/ui/wedding/wedding-route';
import { weddingMetadata } from '@/content/ui/wedding/wedding-seo';
import { sortWeddings } from '@/content/ui/wedding/portfolio-filters';
import { firstParam, type SearchParams } from '@/platform/search-params';

interface Props {
  searchParams: Promise<SearchParams>;
}

/** `?slug=` chooses the wedding; without it the first wedding of the list (favourites first, newest). */
async function chosenSlug(searchParams: SearchParams): Promise<string | null> {
  const requested = firstParam(searchParams, 'slug');
  if (requested !== undefined) return requested;
  return sortWeddings(await strapiSource().getWeddings())[0]?.slug ?? null;
}

async function resolve(searchParams: SearchParams) {
  const slug = await chosenSlug(searchParams);
  if (slug === null) notFound();
  return weddingBySlug(strapiSource(), slug);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const slug = await chosenSlug(await searchParams);
  return weddingMetadata(slug === null ? null : await findWeddingBySlug(strapiSource(), slug));
}

export default async function StrapiWeddingDetailPage({ searchParams }: Props) {
  const params = await searchParams;
  const wedding = await resolve(params);
  const slug = firstParam(params, 'slug');
  return <WeddingDetailView wedding={wedding} searchParams={params} routeQuery={slug ? { slug } : {}} backHref="/strapi-portfolio" more={await moreWeddings(strapiSource(), wedding)} moreHref={(w) => `/strapi-weddings/${w.slug}`} />;
}
