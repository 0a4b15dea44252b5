import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { configuredSource } from '@/content/wedding-source.server';
import { WeddingCard, WeddingGrid } from '@/content/ui/wedding/wedding-card';
import { sortWeddings } from '@/content/ui/wedding/portfolio-filters';

export const metadata: Metadata = {
  title: 'Vyberte svatbu',
  robots: { index: false, follow: true },
  alternates: { canonical: '/portfolio' },
};

/**
 * /weddings/_slug — the placeholder route of the original (Nuxt 2 named dynamic pages `_slug`). Someone who
 * lands here followed a link whose slug was never filled in, so the page explains that and offers every
 * wedding. `/weddings/_slug?slug=x` is redirected to /weddings/x by the wedding-redirects proxy step.
 * (The folder is `%5Fslug` because Next treats `_folders` as private; docs/decisions/021-wedding-routes.md.)
 */
export default async function WeddingPlaceholderPage() {
  const weddings = sortWeddings(await configuredSource().getWeddings());
  return (
    <>
      <header className="container page-header">
        <p className="eyebrow">Svatby</p>
        <h1>Kterou svatbu hledáte?</h1>
        <p className="lead">
          Odkaz, který vás sem přivedl, neobsahuje název svatby. Vyberte si prosím některou z&nbsp;níže uvedených, nebo si
          prohlédněte celé <Link href="/portfolio">portfolio</Link>.
        </p>
      </header>
      <div className="container" style={{ paddingBottom: 'var(--space-section)' }}>
        <WeddingGrid label="Svatby">
          {weddings.map((w) => (
            <li key={w.id}>
              <WeddingCard wedding={w} />
            </li>
          ))}
        </WeddingGrid>
      </div>
    </>
  );
}
