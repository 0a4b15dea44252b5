import type { Metadata } from 'next';
import { PortfolioView } from '@/content/ui/wedding/portfolio-view';
import { strapiSource } from '@/content/wedding-source.server';
import type { SearchParams } from '@/platform/search-params';

export const metadata: Metadata = {
  title: 'Portfolio (Strapi)',
  description: 'Svatby z redakčního systému Strapi, se stejnými filtry jako hlavní portfolio.',
  alternates: { canonical: '/portfolio' },
};

export default async function StrapiPortfolioPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PortfolioView
      source={strapiSource()}
      searchParams={await searchParams}
      basePath="/strapi-portfolio"
      weddingHref={(w) => `/strapi-weddings/${w.slug}`}
      eyebrow="Portfolio · Strapi"
    />
  );
}
