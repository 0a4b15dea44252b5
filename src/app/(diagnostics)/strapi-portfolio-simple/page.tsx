import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { strapiSource } from '@/content/wedding-source.server';
import { sortWeddings } from '@/content/ui/wedding/portfolio-filters';
import { formatCzechDate } from '@/platform/dates';

export const metadata: Metadata = {
  title: 'Seznam svateb (Strapi)',
  alternates: { canonical: '/portfolio' },
};

/** A plain list of the Strapi weddings: text only, light enough for a quick check of the content source. */
export default async function StrapiPortfolioSimplePage() {
  const weddings = sortWeddings(await strapiSource().getWeddings());
  return (
    <div className="container-narrow" style={{ paddingBottom: 'var(--space-section)' }}>
      <header className="page-header">
        <p className="eyebrow">Portfolio · Strapi</p>
        <h1>Seznam svateb</h1>
        <p className="lead">Všechny svatby z redakčního systému v jednoduchém přehledu.</p>
      </header>
      <ul className="simple-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {weddings.map((w) => (
          <li key={w.id} style={{ borderTop: '1px solid var(--line)', padding: '1.1rem 0' }}>
            <h2 style={{ fontSize: '1.6rem', margin: '0 0 0.25rem' }}>
              <Link href={`/strapi-weddings/${w.slug}`}>{w.couple}</Link>
            </h2>
            <p className="muted" style={{ margin: 0 }}>
              {formatCzechDate(w.date)} · {w.location}
            </p>
            {w.shortDescription ? <p style={{ margin: '0.5rem 0 0' }}>{w.shortDescription}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
