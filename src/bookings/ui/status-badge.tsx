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
