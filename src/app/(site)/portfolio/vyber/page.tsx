import type { Metadata } from 'next';
import { PortfolioView } from '@/content/ui/wedding/portfolio-view';
import { configuredSource } from '@/content/wedding-source.server';
import type { SearchParams } from '@/platform/search-params';

export const metadata: Metadata = {
  title: 'Portfolio – svatby',
  description: 'Vybrané svatby, které jsem fotografovala: zámky, statky, zahrady i horské hotely. Filtrujte podle roku a části dne.',
  alternates: { canonical: '/portfolio' },
};

/** /portfolio?rok=…&kategorie=… rendered per request: the proxy rewrites filtered portfolio URLs here. */
export default async function PortfolioFilteredPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <PortfolioView source={configuredSource()} searchParams={await searchParams} basePath="/portfolio" />;
}
