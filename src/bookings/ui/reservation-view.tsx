import { Link } from '@/ui/link';
import type { ReactNode } from 'react';
import type { FormState } from '@/bookings/form-state';
import type { DateCheck } from '@/bookings/date-check';
import type { PackageOption } from '@/bookings/packages';
import { DateCheckSection } from './date-check-section';
import { CheckAnswer } from './date-check-answer';
import { InquiryForm } from './inquiry-form';
import styles from './booking.module.css';

export interface ReservationViewProps {
  today: string;
  lastDay: string;
  /** Taken dates (per-request page), null when unreadable, undefined on the cached page (read after hydration). */
  taken?: string[] | null;
  check: DateCheck;
  termin?: string;
  balicek?: string;
  initialMonth?: string;
  initial: FormState;
  packages: PackageOption[];
  terms: { holdDays: string; depositPercent: string; depositDueDaysGen: string };
  /** The month grid, rendered by the per-request page (its code is then part of that page, not of the cached one). */
  calendar?: ReactNode;
}

/**
 * /rezervace: the date check, the inquiry form and what comes next. The same markup for the cached page (no
 * per-visitor data) and its per-request twin `/rezervace/overeni` (a `?termin=`, `?balicek=`, `?datum=` or
 * `?mesic=` view, and the form's answer without JavaScript).
 */
export function ReservationView(p: ReservationViewProps) {
  return (
    <>
      <header className="container page-header">
        <p className="eyebrow">Rezervace</p>
        <h1>Poptávka svatebního focení</h1>
        <p className="lead">
          Napište mi o svém dni. Ozvu se do dvou pracovních dnů s dostupností a nabídkou. Poptávka je nezávazná a termín
          sama o sobě neblokuje – podržím vám ho, jakmile se domluvíme.
        </p>
      </header>
      <div className={`container section ${styles.layout}`} style={{ paddingTop: 0 }}>
        <DateCheckSection today={p.today} lastDay={p.lastDay} balicek={p.balicek} termin={p.termin} initialAnswer={<CheckAnswer check={p.check} />} />
        <div className={styles.areaForm}>
          <InquiryForm initial={p.initial} packages={p.packages} taken={p.taken} today={p.today} lastDay={p.lastDay} initialMonth={p.initialMonth} calendar={p.calendar} />
        </div>
        <section className={`card ${styles.areaNext}`} aria-labelledby="next-title">
          <h2 id="next-title">Co bude dál?</h2>
          <ol>
            <li>Do dvou pracovních dnů se vám ozvu e-mailem nebo telefonicky.</li>
            <li>Domluvíme se na detailech, pošlu vám smlouvu a termín vám na {p.terms.holdDays} podržím.</li>
            <li>
              Po zaplacení zálohy ve výši {p.terms.depositPercent} z ceny balíčku (splatné do {p.terms.depositDueDaysGen} od uzavření
              smlouvy) je rezervace potvrzená a pošlu vám pozvánku do kalendáře.
            </li>
          </ol>
          <p>
            <Link href="/obchodni-podminky">Obchodní podmínky</Link> – záloha, storno poplatky, dodání fotografií.
          </p>
        </section>
      </div>
    </>
  );
}
