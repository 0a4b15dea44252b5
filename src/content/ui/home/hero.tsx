import { Link } from '@/ui/link';
import type { HomeContent } from '@/content/pages/home';
import type { Image } from '@/content/types';
import { ContentPhoto } from '@/content/ui/pages/content-photo';
import styles from './home.module.css';

/** Full-bleed photograph, one line of display type and the booking call to action. The photo is the LCP. */
export function Hero({ hero, image, ctaHref }: { hero: HomeContent['hero']; image: Image; ctaHref: string }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <ContentPhoto image={image} sizes="100vw" lcp className={styles.heroImage} />
      <div className={styles.heroScrim} aria-hidden="true" />
      <div className={`container ${styles.heroContent}`}>
        <p className={styles.heroEyebrow}>{hero.eyebrow}</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          {hero.heading}
        </h1>
        <p className={styles.heroActions}>
          <Link prefetch={false} href={ctaHref} className={`btn btn-primary ${styles.heroCta}`}>
            {hero.cta}
          </Link>
          <Link href={hero.secondaryCta.href} className="btn btn-light">
            {hero.secondaryCta.label}
          </Link>
        </p>
      </div>
    </section>
  );
}
