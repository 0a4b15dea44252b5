import { Link } from '@/ui/link';
import { coupleLabel, dateTextLabel, locationLabel, type Wedding, type WeddingDetail } from '@/content/types';
import { WeddingCard, WeddingGrid } from './wedding-card';
import { getSiteInfo } from '@/site/public.server';
import { Gallery } from '@/content/ui/gallery/gallery';
import { Photo } from '@/content/ui/gallery/photo';
import { photoCountLabel } from '@/content/ui/gallery/gallery-model';
import { firstParam, type SearchParams } from '@/platform/search-params';
import { formatCzechDate, parseIsoDay } from '@/platform/dates';
import { weddingJsonLd } from './wedding-seo';
import { JsonLd } from './json-ld';
import { StoryMarkdown } from '@/content/ui/pages/story-markdown';
import styles from './wedding-detail.module.css';

interface Props {
  wedding: WeddingDetail;
  searchParams: SearchParams;
  /** Query parameters the route itself needs (e.g. `slug=` on /strapi-wedding-detail), kept in gallery links. */
  routeQuery?: Record<string, string>;
  /** Where "back to the list" leads (the Strapi pages have their own list). */
  backHref?: string;
  /** Other weddings to continue with, and where their cards lead. */
  more?: Wedding[];
  moreHref?: (w: Wedding) => string;
  /**
   * The gallery comes in pages fetched from GET /api/weddings/{slug}/fotografie (the published wedding of the
   * configured source). Off for drafts and the Strapi diagnostics, which show every photo at once.
   */
  pagedGallery?: boolean;
}

/** The wedding page: title block (couple, Czech date, place), the story, then the gallery. */
export function WeddingDetailView({ wedding, searchParams, routeQuery = {}, backHref = '/portfolio', more = [], moreHref = (w) => `/weddings/${w.slug}`, pagedGallery = false }: Props) {
  const site = getSiteInfo();
  const day = parseIsoDay(wedding.date);
  const story = wedding.story.trim();
  const hero = wedding.coverImage ?? wedding.wedding_images[0];
  return (
    <article className={styles.article}>
      <header className={`container ${styles.header}`}>
        <p className="eyebrow">
          <Link href={backHref} className={styles.back}>
            <span aria-hidden="true">←&nbsp;</span>Portfolio
          </Link>
          <span aria-hidden="true"> · </span>
          Svatba {wedding.year}
        </p>
        <h1 className={styles.title}>{coupleLabel(wedding.couple)}</h1>
        <dl className={styles.facts}>
          <div>
            <dt>Datum</dt>
            <dd data-testid="wedding-date">{day ? <time dateTime={day.toISOString().slice(0, 10)}>{formatCzechDate(wedding.date)}</time> : dateTextLabel(wedding.date)}</dd>
          </div>
          <div>
            <dt>Místo</dt>
            <dd>{locationLabel(wedding.location)}</dd>
          </div>
          <div>
            <dt>Fotografie</dt>
            <dd>{photoCountLabel(wedding.wedding_images.length)}</dd>
          </div>
        </dl>
        {wedding.shortDescription ? <p className={`lead ${styles.lead}`}>{wedding.shortDescription}</p> : null}
      </header>

      {hero ? (
        <figure className={styles.hero}>
          <Photo
            image={hero}
            alt={hero.alternativeText || `Svatba ${coupleLabel(wedding.couple)}`}
            sizes="(min-width: 82rem) 77rem, 100vw"
            priority
            className={styles.heroImg}
          />
        </figure>
      ) : null}

      {story ? (
        <section className={`container-narrow ${styles.story}`} aria-labelledby="story-title">
          <h2 id="story-title" className="visually-hidden">
            Příběh svatby
          </h2>
          <StoryMarkdown source={story} />
        </section>
      ) : null}

      <div className={`container ${styles.galleryBlock}`}>
        <h2 className={styles.galleryTitle}>Fotografie</h2>
        {wedding.wedding_images.length ? (
          <Gallery
            images={wedding.wedding_images}
            label={`Fotografie – ${coupleLabel(wedding.couple)}`}
            category={firstParam(searchParams, 'kategorie')}
            photo={firstParam(searchParams, 'foto')}
            page={firstParam(searchParams, 'strana')}
            pagesFrom={pagedGallery ? `/api/weddings/${encodeURIComponent(wedding.slug)}/fotografie` : undefined}
            baseQuery={new URLSearchParams(routeQuery).toString()}
            priorityFirst={!hero}
          />
        ) : (
          <p className="muted">Fotografie z této svatby právě připravuji.</p>
        )}
      </div>

      {more.length ? (
        <section className={`container ${styles.more}`} aria-labelledby="more-title">
          <h2 id="more-title">Další svatby</h2>
          <WeddingGrid label="Další svatby">
            {more.map((w) => (
              <li key={w.id}>
                <WeddingCard wedding={w} href={moreHref(w)} headingLevel="h3" sizes="(min-width: 64rem) 26rem, (min-width: 40rem) 46vw, 100vw" />
              </li>
            ))}
          </WeddingGrid>
        </section>
      ) : null}

      <aside className={`container-narrow ${styles.cta}`} aria-labelledby="cta-title">
        <h2 id="cta-title">Plánujete svatbu?</h2>
        <p className="lead">Ráda se s vámi potkám a poslechnu si, jak si svůj den představujete. Termíny na příští sezónu se plní rychle.</p>
        <p className={styles.ctaButtons}>
          <Link prefetch={false} href={site.cta.href} className="btn btn-primary">
            {site.cta.label}
          </Link>
          <Link href={backHref} className="btn">
            Další svatby
          </Link>
        </p>
      </aside>
      <JsonLd data={weddingJsonLd(wedding, site.photographer.name)} />
    </article>
  );
}
