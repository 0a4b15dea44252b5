import { Link } from '@/ui/link';
import { getTestimonials, type Testimonial } from '@/site/public.server';
import { getWeddings } from '@/content/registry.server';
import styles from './testimonials.module.css';

interface Props {
  /** Defaults to content/testimonials.json. */
  testimonials?: Testimonial[];
  /** Section heading; the home page may pass its own. */
  title?: string;
  headingLevel?: 'h1' | 'h2';
  /** `default`: one large featured quote and the others in columns; `compact`: columns only. */
  layout?: 'default' | 'compact';
}

/**
 * Quotes from couples, each linking to their wedding — only while that wedding is on the site: a wedding deleted,
 * or a sample wedding once hers are published, never leaves a dead link (the couple's name stays as text).
 */
export async function Testimonials({ testimonials, title = 'Co říkají novomanželé', headingLevel = 'h2', layout = 'default' }: Props) {
  const shown = new Set((await getWeddings()).map((w) => w.slug));
  const list = (testimonials ?? getTestimonials()).map((t) => (t.weddingSlug && !shown.has(t.weddingSlug) ? { ...t, weddingSlug: undefined } : t));
  if (!list.length) return null;
  const Heading = headingLevel;
  const [featured, ...rest] = layout === 'default' ? list : [null, ...list];
  return (
    <section className={styles.section} aria-labelledby="testimonials-title">
      <p className="eyebrow">Reference</p>
      <Heading id="testimonials-title" className={styles.title}>
        {title}
      </Heading>
      {featured ? (
        <figure className={styles.featured}>
          <blockquote className={styles.featuredQuote}>
            <p>{featured.quote}</p>
          </blockquote>
          <Attribution t={featured} />
        </figure>
      ) : null}
      <ul className={styles.list}>
        {rest.filter((t): t is Testimonial => t !== null).map((t) => (
          <li key={t.couple}>
            <figure className={styles.item}>
              <blockquote className={styles.quote}>
                <p>{t.quote}</p>
              </blockquote>
              <Attribution t={t} />
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Attribution({ t }: { t: Testimonial }) {
  return (
    <figcaption className={styles.by}>
      <span className={styles.dash} aria-hidden="true">
        –{' '}
      </span>
      {t.weddingSlug ? <Link href={`/weddings/${t.weddingSlug}`}>{t.couple}</Link> : t.couple}
      {t.location ? <span className={styles.place}>, {t.location}</span> : null}
    </figcaption>
  );
}
