'use client';
import { useState, type FormEvent, type ReactNode } from 'react';
import { fetchTakenDates, fillDateField } from './taken-dates';
import styles from './booking.module.css';

/**
 * "Je váš termín volný?" on /rezervace. Without JavaScript the form asks for `/rezervace?termin=…`, which the
 * proxy renders per request with the answer (`initialAnswer`, rendered on the server); with JavaScript the answer
 * comes from `GET /api/availability` in place, so the cached page needs no per-visitor data. The check and the
 * answer's wording (./date-check-answer.tsx) are loaded with the first check, not with the page.
 */
export function DateCheckSection({ today, lastDay, balicek, termin, initialAnswer }: { today: string; lastDay: string; balicek?: string; termin?: string; initialAnswer: ReactNode }) {
  const [answer, setAnswer] = useState<ReactNode>(initialAnswer);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const value = new FormData(form).get('termin');
    const date = typeof value === 'string' ? value.slice(0, 20) : '';
    setBusy(true);
    try {
      const { checkDate, CheckAnswer } = await import('./date-check-answer');
      const local = checkDate(date, { today, lastDay, taken: [] });
      const check = local.kind === 'free' ? checkDate(date, { today, lastDay, taken: await fetchTakenDates(date, date) }) : local;
      setAnswer(<CheckAnswer check={check} />);
      if (check.kind === 'free') fillDateField('weddingDate', date, false);
    } catch {
      // The answer's code did not arrive (offline, or a newer build replaced it): the page's own GET asks the server.
      form.submit();
    } finally {
      setBusy(false);
    }
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
        {answer}
      </div>
    </section>
  );
}
