import { Link } from '@/ui/link';
import type { HomeContent } from '@/content/pages/home';
import type { Wedding } from '@/content/types';
import { WeddingCard, WeddingGrid } from '@/content/ui/wedding/wedding-card';
import styles from './home.module.css';

/** The favourite weddings as large cards (the portfolio's card in its `feature` variant). */
export function FavouriteWeddings({ content, weddings }: { content: HomeContent['favourites']; weddings: Wedding[] }) {
  if (weddings.length === 0) return null;
  return (
    <section className="section" aria-labelledby="oblibene-svatby">
      <div className="container">
        <div className={styles.sectionHead}>
          <div>
            <p className="eyebrow">{content.eyebrow}</p>
            <h2 id="oblibene-svatby">{content.heading}</h2>
          </div>
          <Link href="/portfolio" className={styles.headLink}>
            {content.linkLabel}
            <span aria-hidden="true">→</span>
          </Link>
        </div>
        <WeddingGrid label={content.heading}>
          {weddings.map((w) => (
            <li key={w.id}>
              <WeddingCard wedding={w} variant="feature" headingLevel="h3" />
            </li>
          ))}
        </WeddingGrid>
      </div>
    </section>
  );
}
