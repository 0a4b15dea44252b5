import { czechCount, INQUIRIES } from '@/site/public';
import { FLAG_LABELS, STATUS_BADGE, STATUS_LABELS, type InquiryStatus } from '@/bookings/statuses';

export function StatusBadge({ status }: { status: InquiryStatus }) {
  return <span className={STATUS_BADGE[status]}>{STATUS_LABELS[status]}</span>;
}

export function FlagBadges({ flags }: { flags: string[] }) {
  const shown = flags.filter((f) => FLAG_LABELS[f]);
  if (!shown.length) return null;
  return (
    <>
      {shown.map((f) => (
        <span key={f} className="badge badge-flag">
          <span aria-hidden="true">⚠ </span>
          {FLAG_LABELS[f]}
        </span>
      ))}
    </>
  );
}

/** Other open inquiries ask for the same wedding date: worth a look before blocking it. */
export function SameDateBadge({ others }: { others: number | undefined }) {
  if (!others) return null;
  return (
    <span className="badge badge-flag">
      <span aria-hidden="true">⚠ </span>
      Stejné datum: ještě {czechCount(others, INQUIRIES)}
    </span>
  );
}
