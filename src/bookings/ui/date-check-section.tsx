'use client';
import { useState, type FormEvent } from 'react';
import { formatCzechDate } from '@/platform/dates';
import { checkDate, type DateCheck } from '@/bookings/date-check';
import { fetchTakenDates, fillDateField } from './taken-dates';
import styles from './booking.module.css';

/**
 * "Je váš termín volný?" on /rezervace. Without JavaScript the form asks for `/rezervace?termin=…`, which the
 * proxy renders per request with the answer (`initial`); with JavaScript the answer comes from
 * `GET /api/availability` in place, so the cached page needs no per-visitor data.
 */
export function DateCheckSection({ today, lastDay, balicek, termin, initial }: { today: string; lastDay: string; balicek?: string; termin?: string; initial: DateCheck }) {
  const [check, setCheck] = useState<DateCheck>(initial);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('termin');
    const date = typeof value === 'string' ? value.slice(0, 20) : '';
    const local = checkDate(date, { today, lastDay, taken: [] });
    if (local.kind !== 'free') {
      setCheck(local);
      return;
    }
    setBusy(true);
    const taken = await fetchTakenDates(date, date);
    setBusy(false);
    const answer = checkDate(date, { today, lastDay, taken });
    setCheck(answer);
    if (answer.kind === 'free') fillDateField('weddingDate', date, false);
  }

  return (
    <section className={`card ${styles.areaCheck}`} aria-labelledby="check-title">
      <h2 id="check-title">Je váš termín volný?</h2>
      <form method="get" action="/rezervace#check-title" className={styles.checkForm} onSubmit={onSubmit}>
        {balicek ? <input type="hidden" name="balicek" value={balicek} /> : null}
        <div className="field">
          <label htmlFor="termin">Datum svatby</label>
          <input id="termin" name="termin" type="date" min={today} max={lastDay} defaultValue={termin ?? ''} required />
        </div>
        <button type="submit" className="btn" aria-disabled={busy || undefined}>
          Ověřit termín
        </button>
      </form>
      <div role="status" aria-live="polite" data-testid="check-result">
        <CheckAnswer check={check} />
      </div>
    </section>
  );
}

function CheckAnswer({ check }: { check: DateCheck }) {
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
