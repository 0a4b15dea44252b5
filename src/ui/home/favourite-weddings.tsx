import Link from 'next/link';
import type { HomeContent } from '@/content/pages/home';
import type { Wedding } from '@/content/types';
import { FeatureWeddingCard } from './feature-wedding-card';
import styles from './home.module.css';

/** The favourite weddings as large cards: the first spans the full width on desktop, the rest sit beside each other. */
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
        <ul className={styles.favourites}>
          {weddings.map((w, i) => (
            <li key={w.id} className={i === 0 ? styles.favouriteLead : undefined}>
              <FeatureWeddingCard wedding={w} wide={i === 0} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
