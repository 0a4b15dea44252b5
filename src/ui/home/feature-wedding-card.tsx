import Link from 'next/link';
import type { Wedding } from '@/content/types';
import { ContentPhoto } from '@/ui/pages/content-photo';
import styles from './home.module.css';

/**
 * A large wedding card for the home page. Interim local card: the shared `WeddingCard` (src/ui/wedding/) is
 * built on another branch; once it is in main this component should delegate to it with variant="feature".
 */
export function FeatureWeddingCard({ wedding, wide }: { wedding: Wedding; wide: boolean }) {
  const image = wedding.coverImage;
  return (
    <article className={styles.card} data-wide={wide || undefined}>
      <Link href={`/weddings/${wedding.slug}`} className={styles.cardLink}>
        <div className={styles.cardMedia}>
          {image ? (
            <ContentPhoto
              image={{ ...image, alternativeText: image.alternativeText || `Svatba ${wedding.couple}` }}
              sizes={wide ? '(min-width: 64rem) 80rem, 100vw' : '(min-width: 48rem) 40rem, 100vw'}
              className={styles.cardImage}
            />
          ) : null}
        </div>
        <div className={styles.cardBody}>
          <p className={styles.cardMeta}>
            {wedding.location} · {wedding.year}
          </p>
          <h3 className={styles.cardTitle}>{wedding.couple}</h3>
          {wedding.shortDescription ? <p className={styles.cardText}>{wedding.shortDescription}</p> : null}
          <span className={styles.cardMore} aria-hidden="true">
            Prohlédnout svatbu →
          </span>
        </div>
      </Link>
    </article>
  );
}
