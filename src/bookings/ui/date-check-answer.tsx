import { formatCzechDate } from '@/platform/dates';
import type { DateCheck } from '@/bookings/date-check';
import styles from './booking.module.css';

export { checkDate } from '@/bookings/date-check';

/**
 * The "Je váš termín volný?" answer. Rendered on the server for the per-request page (`?termin=`), and in the
 * browser by ./date-check-section.tsx after a check, from this module loaded on the first check.
 */
export function CheckAnswer({ check }: { check: DateCheck }) {
  switch (check.kind) {
    case 'free':
      return (
        <p className={`notice notice-ok ${styles.result}`}>
          Termín <strong>{formatCzechDate(check.date)}</strong> je zatím volný. Předvyplnila jsem ho do formuláře.
        </p>
      );
    case 'taken':
      return (
        <p className={`notice notice-error ${styles.result}`}>
          Termín <strong>{formatCzechDate(check.date)}</strong> je bohužel už obsazený. Napište mi i tak – ráda vám doporučím
          ověřeného kolegu.
        </p>
      );
    case 'invalid':
      return <p className={`notice notice-error ${styles.result}`}>{check.message}</p>;
    case 'unknown':
      return <p className={`notice ${styles.result}`}>Dostupnost se teď nepodařilo ověřit. Zkuste to prosím znovu za chvíli.</p>;
    default:
      return null;
  }
}
