import { Link } from '@/ui/link';
import type { ReactNode } from 'react';
import { coupleLabel, dateTextLabel, locationLabel, type Image, type Wedding } from '@/content/types';
import { Photo } from '@/content/ui/gallery/photo';
import { formatCzechDate } from '@/platform/dates';
import styles from './wedding-card.module.css';
import { isoDayOf } from '@/platform/dates';

export interface WeddingCardProps {
  wedding: Wedding;
  /** `feature`: a larger card for the home page's favourites. */
  variant?: 'default' | 'feature';
  /** Heading level inside the card (h2 on /portfolio, h3 under a section heading). */
  headingLevel?: 'h2' | 'h3';
  /** The first card above the fold: preloaded with high fetch priority (LCP candidate). */
  priority?: boolean;
  /** Overrides the link (e.g. /weddings/{slug}?kategorie=obrad from a filtered portfolio). */
  href?: string;
  /** Overrides the cover (e.g. the first photo of the filtered category). */
  cover?: Image;
  /** Responsive `sizes` of the cover; defaults fit the 1/2/3-column portfolio grid. */
  sizes?: string;
}

const DEFAULT_SIZES = '(min-width: 64rem) 26rem, (min-width: 40rem) 46vw, 100vw';
const FEATURE_SIZES = '(min-width: 64rem) 40rem, (min-width: 40rem) 50vw, 100vw';

/** Portfolio card: cover photograph, couple, place and year; the whole card links to the wedding. */
export function WeddingCard({ wedding, variant = 'default', headingLevel = 'h2', priority, href, cover, sizes }: WeddingCardProps) {
  const Heading = headingLevel;
  const image = cover ?? wedding.coverImage;
  const date = dateTextLabel(formatCzechDate(wedding.date));
  const couple = coupleLabel(wedding.couple);
  return (
    <article className={`${styles.card} ${variant === 'feature' ? styles.feature : ''}`}>
      {/* A link with a gallery filter (?kategorie=) is a page load: the cached wedding page ignores queries and the
          proxy sends filtered URLs to their per-request view, which the client router cannot know. */}
      <CardLink href={href ?? `/weddings/${wedding.slug}`} className={styles.link}>
        <div className={styles.media}>
          {image ? (
            <Photo
              image={image}
              alt={image.alternativeText || `Svatba ${couple}`}
              sizes={sizes ?? (variant === 'feature' ? FEATURE_SIZES : DEFAULT_SIZES)}
              priority={priority}
              className={styles.img}
            />
          ) : (
            <div className={styles.noImage} aria-hidden="true">
              <span>{initials(couple)}</span>
            </div>
          )}
        </div>
        <div className={styles.body}>
          <p className={styles.meta}>
            <span>{locationLabel(wedding.location)}</span>
            <span aria-hidden="true"> · </span>
            <span className="visually-hidden">, </span>
            <time dateTime={isoDayOf(wedding.date) ?? String(wedding.year)} title={date}>
              {wedding.year}
            </time>
          </p>
          <Heading className={styles.title}>{couple}</Heading>
          {variant === 'feature' && wedding.shortDescription ? <p className={styles.excerpt}>{wedding.shortDescription}</p> : null}
          <span className={styles.more} aria-hidden="true">
            Prohlédnout svatbu <span className={styles.arrow}>→</span>
          </span>
        </div>
      </CardLink>
    </article>
  );
}

function initials(couple: string): string {
  return couple
    .split(/\s*(?:&|a|\+)\s*/)
    .map((p) => p.trim()[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join(' & ');
}

/** The responsive card grid of /portfolio and the list pages. */
export function WeddingGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

function CardLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (href.includes('?')) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
