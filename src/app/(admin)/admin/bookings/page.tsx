import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireAdmin } from '@/accounts/guards.server';
import { filtersToQuery, inquiryList, parseListFilters } from '@/bookings/admin-data.server';
import { STATUSES, STATUS_LABELS } from '@/bookings/statuses';
import { InquiryList } from '@/bookings/ui/inquiry-list';
import styles from '@/bookings/ui/admin.module.css';
import { type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'Poptávky' };

const SORT_LABELS = {
  'created-desc': 'Nejnovější poptávky',
  'created-asc': 'Nejstarší poptávky',
  'date-asc': 'Datum svatby vzestupně',
  'date-desc': 'Datum svatby sestupně',
} as const;

export default async function BookingsList({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin();
  const filters = parseListFilters(await searchParams);
  const result = await inquiryList(filters);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, i) => thisYear - 2 + i);
  const all = Object.values(result.counts).reduce((a, b) => a + b, 0);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Poptávky</h1>
      <nav aria-label="Filtrovat podle stavu">
        <ul className={`chips ${styles.statusChips}`}>
          <li>
            <Link className="chip" href={`/admin/bookings${filtersToQuery(filters, { status: undefined, page: 1 })}`} aria-current={!filters.status && !filters.flagged ? 'true' : undefined}>
              Vše <span className="count">({all})</span>
            </Link>
          </li>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link className="chip" href={`/admin/bookings${filtersToQuery(filters, { status: s, page: 1 })}`} aria-current={filters.status === s ? 'true' : undefined}>
                {STATUS_LABELS[s]} <span className="count">({result.counts[s]})</span>
              </Link>
            </li>
          ))}
          <li>
            <Link className="chip" href={`/admin/bookings${filtersToQuery(filters, { flagged: !filters.flagged, page: 1 })}`} aria-current={filters.flagged ? 'true' : undefined}>
              <span aria-hidden="true">⚠</span> Podezřelé <span className="count">({result.flaggedCount})</span>
            </Link>
          </li>
        </ul>
      </nav>
      <form method="get" className={`form ${styles.filters}`} role="search" aria-label="Hledat poptávky">
        <div className="field">
          <label htmlFor="q">Hledat (jméno, e-mail, číslo, místo, obec; i bez diakritiky)</label>
          <input id="q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="rok">Rok svatby</label>
          <select id="rok" name="rok" defaultValue={filters.year ? String(filters.year) : ''}>
            <option value="">Všechny</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="razeni">Řazení</label>
          <select id="razeni" name="razeni" defaultValue={filters.sort}>
            {Object.entries(SORT_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
        {/* The status is chosen with the chips above; a search keeps it. */}
        {filters.status ? <input type="hidden" name="stav" value={filters.status} /> : null}
        {filters.flagged ? <input type="hidden" name="podezrele" value="1" /> : null}
        <button type="submit" className="btn">
          Použít
        </button>
      </form>
      <div className={styles.toolbar}>
        <p role="status" style={{ margin: 0 }}>
          Nalezeno: <strong>{result.total}</strong>
        </p>
        <a className="btn btn-small" href={`/admin/export/inquiries.csv${filtersToQuery({ ...filters, page: 1, sort: undefined, flagged: undefined })}`}>
          Export do CSV (Excel)
        </a>
      </div>
      <InquiryList items={result.items} caption="Seznam poptávek" sameDate={result.sameDate} />
      {result.pages > 1 ? (
        <nav className={styles.pagination} aria-label="Stránkování">
          {result.page > 1 ? (
            <Link className="btn btn-small" href={`/admin/bookings${filtersToQuery(filters, { page: result.page - 1 })}`}>
              Předchozí
            </Link>
          ) : null}
          <span>
            Strana {result.page} z {result.pages}
          </span>
          {result.page < result.pages ? (
            <Link className="btn btn-small" href={`/admin/bookings${filtersToQuery(filters, { page: result.page + 1 })}`}>
              Další
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
