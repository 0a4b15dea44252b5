import { Link } from '@/ui/link';
import { formatCzechDate, formatCzechDateTime } from '@/platform/dates';
import { packageName } from '@/bookings/packages';
import type { InquiryListItem } from '@/bookings/types';
import { FlagBadges, SameDateBadge, StatusBadge } from './status-badge';
import styles from './admin.module.css';

function couple(i: InquiryListItem): string {
  return i.partner2 ? `${i.partner1} & ${i.partner2}` : i.partner1;
}

/** Inquiries as a table on wide screens and as cards on phones. */
export function InquiryList({
  items,
  caption,
  empty = 'Žádné poptávky.',
  sameDate = {},
}: {
  items: InquiryListItem[];
  caption: string;
  empty?: string;
  /** Inquiry id → other open inquiries on its date (the list's `sameDate`). */
  sameDate?: Record<number, number>;
}) {
  if (!items.length) return <p className="muted">{empty}</p>;
  return (
    <>
      <div className={`table-wrap ${styles.tableView}`}>
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Číslo</th>
              <th scope="col">Pár</th>
              <th scope="col">Datum svatby</th>
              <th scope="col">Místo</th>
              <th scope="col">Stav</th>
              <th scope="col">Přišlo</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id}>
                <td>
                  <Link href={`/admin/bookings/${i.id}`}>{i.reference}</Link>
                </td>
                <td>
                  {couple(i)}
                  <div className={styles.small}>{i.email}</div>
                </td>
                <td>{i.weddingDate ? formatCzechDate(i.weddingDate) : '—'}</td>
                <td>
                  {[i.venue, i.town].filter(Boolean).join(', ') || '—'}
                  {i.packageId ? <div className={styles.small}>{packageName(i.packageId)}</div> : null}
                </td>
                <td>
                  <StatusBadge status={i.status} />
                  <div className={styles.flags}>
                    <FlagBadges flags={i.flags} />
                    <SameDateBadge others={sameDate[i.id]} />
                  </div>
                </td>
                <td>{formatCzechDateTime(i.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={styles.cards} aria-label={caption}>
        {items.map((i) => (
          <li key={i.id} className={styles.cardItem}>
            <Link href={`/admin/bookings/${i.id}`}>
              {couple(i)} <span className={styles.small}>({i.reference})</span>
            </Link>
            <span>{i.weddingDate ? formatCzechDate(i.weddingDate) : 'bez data'}{i.town ? ` · ${i.town}` : ''}</span>
            <span className={styles.flags}>
              <StatusBadge status={i.status} />
              <FlagBadges flags={i.flags} />
              <SameDateBadge others={sameDate[i.id]} />
            </span>
            <span className={styles.small}>Přišlo {formatCzechDateTime(i.createdAt)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
