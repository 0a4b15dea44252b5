import type { Metadata } from 'next';
import { PortfolioView } from '@/content/ui/wedding/portfolio-view';
import { configuredSource } from '@/content/wedding-source.server';

export const metadata: Metadata = {
  title: 'Portfolio – svatby',
  description: 'Vybrané svatby, které jsem fotografovala: zámky, statky, zahrady i horské hotely. Filtrujte podle roku a části dne.',
  alternates: { canonical: '/portfolio' },
};

/**
 * All weddings, served from the render cache. A filtered view (`?rok=`, `?kategorie=`) is rendered per request
 * by ./vyber, where the proxy rewrites those URLs (docs/decisions/011-render-cache-csp.md).
 */
export default function PortfolioPage() {
  return <PortfolioView source={configuredSource()} searchParams={{}} basePath="/portfolio" />;
}
