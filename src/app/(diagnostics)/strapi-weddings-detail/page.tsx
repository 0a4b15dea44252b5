import type { Metadata } from 'next';
import { strapiSource } from '@/content/wedding-source.server';
import { WeddingCard, WeddingGrid } from '@/content/ui/wedding/wedding-card';
import { sortWeddings } from '@/content/ui/wedding/portfolio-filters';

export const metadata: Metadata = {
  title: 'Detaily svateb (Strapi)',
  alternates: { canonical: '/portfolio' },
};

/** The Strapi weddings as cards, each leading to its detail page under /strapi-weddings/{slug}. */
export default async function StrapiWeddingsDetailPage() {
  const weddings = sortWeddings(await strapiSource().getWeddings());
  return (
    <>
      <header className="container page-header">
        <p className="eyebrow">Svatby · Strapi</p>
        <h1>Detaily svateb</h1>
        <p className="lead">Vyberte svatbu a prohlédněte si její příběh a fotografie.</p>
      </header>
      <div className="container" style={{ paddingBottom: 'var(--space-section)' }}>
        <WeddingGrid label="Svatby">
          {weddings.map((w, i) => (
            <li key={w.id}>
              <WeddingCard wedding={w} href={`/strapi-weddings/${w.slug}`} priority={i === 0} />
            </li>
          ))}
        </WeddingGrid>
      </div>
    </>
  );
}
