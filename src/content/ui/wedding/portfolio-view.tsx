import { Link } from '@/ui/link';
import type { Image, Wedding } from '@/content/types';
import type { WeddingSource } from '@/content/wedding-source.server';
import { WeddingCard, WeddingGrid } from './wedding-card';
import { parsePortfolioFilter, portfolioHref, sortWeddings, yearsOf } from './portfolio-filters';
import type { SearchParams } from '@/platform/search-params';
import styles from './portfolio.module.css';

interface Props {
  source: WeddingSource;
  searchParams: SearchParams;
  /** Path of the page the filter links point to (/portfolio or /strapi-portfolio). */
  basePath: string;
  /** Builds a wedding's link (the Strapi pages link to /strapi-weddings/{slug}). */
  weddingHref?: (w: Wedding) => string;
  eyebrow?: string;
  title?: string;
  intro?: string;
}

function weddingCount(n: number): string {
  if (n === 1) return '1 svatba';
  if (n >= 2 && n <= 4) return `${n} svatby`;
  return `${n} svateb`;
}

/**
 * All weddings (favourites first, then newest) with year and photo-category filters as plain links. The filter
 * links are ordinary page loads, not client navigations: /portfolio is served from the render cache and its
 * filtered views are rendered per request (the proxy rewrites them), which the client router cannot know
 * (docs/decisions/011-render-cache-csp.md).
 */
export async function PortfolioView({
  source,
  searchParams,
  basePath,
  weddingHref = (w) => `/weddings/${w.slug}`,
  eyebrow = 'Portfolio',
  title = 'Svatby, které jsem fotografovala',
  intro = 'Každá svatba je jiná – komorní obřad v zahradě, velká oslava na zámku i tanec do rána pod širým nebem. Vyberte si rok nebo část dne, která vás zajímá nejvíc.',
}: Props) {
  const [all, categories] = await Promise.all([source.getWeddings(), source.getCategories()]);
  const weddings = sortWeddings(all);
  const years = yearsOf(weddings);
  const filter = parsePortfolioFilter(searchParams, years, categories);

  let shown = filter.year !== undefined ? weddings.filter((w) => w.year === filter.year) : weddings;
  const covers = new Map<string, Image>();
  if (filter.category) {
    // A wedding belongs to a category when its gallery has photos of it; its card then shows the first one.
    const details = await Promise.all(shown.map((w) => source.getWedding(w.slug)));
    shown = shown.filter((w, i) => {
      const photo = details[i]?.wedding_images.find((img) => img.category?.slug === filter.category);
      if (photo) covers.set(w.id, photo);
      return Boolean(photo);
    });
  }
  const categoryName = categories.find((c) => c.slug === filter.category)?.name;
  const href = (f: { year?: number; category?: string }) => portfolioHref(basePath, f);
  const cardHref = (w: Wedding) => {
    const base = weddingHref(w);
    return filter.category ? `${base}${base.includes('?') ? '&' : '?'}kategorie=${encodeURIComponent(filter.category)}` : base;
  };

  return (
    <>
      <header className="container page-header">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="lead">{intro}</p>
      </header>
      <div className={`container ${styles.body}`}>
        <nav aria-label="Filtrovat svatby" className={styles.filters}>
          <div className={styles.group}>
            <p className={styles.groupLabel} id="filter-year">
              Rok
            </p>
            <ul className="chips" aria-labelledby="filter-year">
              <li>
                <a href={href({ category: filter.category })} className="chip" aria-current={filter.year === undefined ? 'true' : undefined}>
                  Všechny roky
                </a>
              </li>
              {years.map((y) => (
                <li key={y}>
                  <a href={href({ year: y, category: filter.category })} className="chip" aria-current={filter.year === y ? 'true' : undefined}>
                    {y}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {categories.length ? (
            <div className={styles.group}>
              <p className={styles.groupLabel} id="filter-category">
                Část dne
              </p>
              <ul className="chips" aria-labelledby="filter-category">
                <li>
                  <a href={href({ year: filter.year })} className="chip" aria-current={!filter.category ? 'true' : undefined}>
                    Celý den
                  </a>
                </li>
                {categories.map((c) => (
                  <li key={c.slug}>
                    <a href={href({ year: filter.year, category: c.slug })} className="chip" aria-current={filter.category === c.slug ? 'true' : undefined}>
                      {c.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </nav>

        {filter.notices.map((n) => (
          <p key={n} className="notice" role="status">
            {n}
          </p>
        ))}

        <p className={styles.summary} data-testid="portfolio-summary">
          {weddingCount(shown.length)}
          {filter.year !== undefined ? ` z roku ${filter.year}` : ''}
          {categoryName ? ` · ${categoryName}` : ''}
        </p>

        {shown.length ? (
          <WeddingGrid label="Svatby">
            {shown.map((w, i) => (
              <li key={w.id}>
                <WeddingCard wedding={w} href={cardHref(w)} cover={covers.get(w.id)} priority={i === 0} />
              </li>
            ))}
          </WeddingGrid>
        ) : (
          <div className={styles.empty}>
            <p>Pro tuto kombinaci filtrů zatím nemám žádnou svatbu.</p>
            <Link href={basePath} className="btn">
              Zobrazit všechny svatby
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
