'use client';
import { Suspense, lazy, useActionState, useEffect, useState, type ReactNode } from 'react';
import { SelectField, SubmitButton, TextArea, TextField } from '@/ui/form/fields';
import { FIELD_LABELS, SOURCE_OPTIONS, LIMITS } from '@/bookings/input-fields';
import type { FormState } from '@/bookings/form-state';
import type { PackageOption } from '@/bookings/packages';
import { submitFullInquiry } from '../actions/inquiry';
import { startFullInquiryAction } from '../actions/form-start';
import { fetchTakenDates } from './taken-dates';
import { ConsentFields, FormPreamble, Required } from './form-shell';
import { DateStatus } from './date-status';
import styles from './booking.module.css';

/**
 * The month grid's code is loaded when the calendar is first opened, not with the form: most visitors type their
 * date and never open it. The per-request page passes the grid rendered (`calendar`), so it is in its HTML. `React.lazy` rather than `next/dynamic`, whose loader
 * would add more to the page's JavaScript than the grid itself.
 */
const AvailabilityCalendar = lazy(() => import('./availability-calendar').then((m) => ({ default: m.AvailabilityCalendar })));

const price = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 });

/**
 * Where the form posts without JavaScript: a per-request page that renders the same form with the answer (the
 * cached /rezervace cannot). React matches the answer to this form by this address, on either page.
 */
export const INQUIRY_FORM_PERMALINK = '/rezervace/overeni';

/**
 * The full inquiry on /rezervace. Works without JavaScript (server action posted to the per-request page, values
 * re-rendered). The cached page renders it without start token, key and taken dates (`taken` undefined): they are
 * fetched after hydration; a submission without them gets its key at the submit step and a "send again" answer
 * with a fresh token.
 */
export function InquiryForm({
  initial,
  packages,
  taken: takenProp,
  today,
  lastDay,
  initialMonth,
  calendar,
}: {
  initial: FormState;
  packages: PackageOption[];
  /** Taken dates; null when the database could not answer; undefined: read from the JSON API after hydration. */
  taken?: string[] | null;
  today: string;
  lastDay: string;
  initialMonth?: string;
  /** The month grid rendered by the per-request page; without it, the grid is loaded when the calendar is opened. */
  calendar?: ReactNode;
}) {
  const [answer, action] = useActionState(submitFullInquiry, initial, INQUIRY_FORM_PERMALINK);
  const [token, setToken] = useState<Pick<FormState, 'started' | 'key'> | null>(null);
  const [taken, setTaken] = useState<string[] | null | undefined>(takenProp);
  useEffect(() => {
    if (initial.key) return;
    startFullInquiryAction()
      .then(setToken)
      .catch(() => undefined); // the submit step then asks for a resend with a fresh token
  }, [initial.key]);
  useEffect(() => {
    if (takenProp !== undefined) return;
    const abort = new AbortController();
    void fetchTakenDates(today, lastDay, abort.signal).then((dates) => {
      if (!abort.signal.aborted) setTaken(dates);
    });
    return () => abort.abort();
  }, [takenProp, today, lastDay]);
  const state = answer.key || !token ? answer : { ...answer, ...token };
  const [date, setDate] = useState(state.values.weddingDate ?? '');
  // From the first time the visitor opens it (unless the per-request page rendered it).
  const [calendarOpen, setCalendarOpen] = useState(Boolean(initialMonth));
  const v = state.values;
  const f = state.errors;
  const packageOptions = [
    { value: '', label: 'Ještě nevíme – poraďte nám' },
    ...packages.map((p) => ({ value: p.id, label: p.price ? `${p.name} – ${price.format(p.price)}` : p.name })),
  ];
  return (
    <form action={action} noValidate className={`form ${styles.form}`} key={state.attempt} aria-describedby="inquiry-required-note">
      <FormPreamble state={state} />
      <p id="inquiry-required-note" className="muted">
        Pole označená hvězdičkou (*) jsou povinná.
      </p>
      <fieldset className={styles.fieldset}>
        <legend>Vy dva</legend>
        <div className="form-row">
          <TextField name="partner1" label={<>Jméno nevěsty / ženicha<Required /></>} required autoComplete="name" maxLength={LIMITS.name} defaultValue={v.partner1} error={f.partner1} />
          <TextField name="partner2" label={<>Jméno partnera / partnerky<Required /></>} required maxLength={LIMITS.name} defaultValue={v.partner2} error={f.partner2} />
        </div>
        <div className="form-row">
          <TextField name="email" type="email" label={<>E-mail<Required /></>} required autoComplete="email" maxLength={LIMITS.email} defaultValue={v.email} error={f.email} />
          <TextField name="phone" type="tel" label={<>Telefon<Required /></>} required autoComplete="tel" maxLength={LIMITS.phone} defaultValue={v.phone} error={f.phone} hint="Například +420 777 123 456" />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Svatba</legend>
        <TextField
          name="weddingDate"
          type="date"
          label={<>Datum svatby<Required /></>}
          required
          min={today}
          defaultValue={v.weddingDate}
          error={f.weddingDate}
          onChange={(e) => setDate(e.currentTarget.value)}
        />
        <DateStatus taken={taken ?? null} value={date} />
        {taken !== null ? (
          <details id="kalendar" open={Boolean(initialMonth)} onToggle={(e) => e.currentTarget.open && setCalendarOpen(true)}>
            <summary>Zobrazit kalendář volných termínů</summary>
            {taken ? (
              (calendar ??
                (calendarOpen ? (
                  <Suspense fallback={null}>
                    <AvailabilityCalendar taken={taken} today={today} lastDay={lastDay} initialMonth={initialMonth} />
                  </Suspense>
                ) : null))
            ) : (
              // The cached page before the dates arrive (or without JavaScript): the per-request page shows the month.
              <p>
                <a href={`/rezervace?mesic=${today.slice(0, 7)}#kalendar`}>Načíst kalendář obsazených termínů</a>
              </p>
            )}
          </details>
        ) : null}
        <div className="form-row">
          <TextField name="venue" label="Místo konání (obřad / hostina)" maxLength={LIMITS.venue} defaultValue={v.venue} error={f.venue} hint="Například Zámek Lednice" />
          <TextField name="town" label="Obec / město" maxLength={LIMITS.town} defaultValue={v.town} error={f.town} />
        </div>
        <div className="form-row">
          <TextField name="ceremonyTime" type="time" label="Čas obřadu" defaultValue={v.ceremonyTime} error={f.ceremonyTime} />
          <TextField name="guestCount" type="number" inputMode="numeric" min={1} max={1000} label="Přibližný počet hostů" defaultValue={v.guestCount} error={f.guestCount} />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Focení</legend>
        <div className="form-row">
          <SelectField name="packageId" label="Balíček" options={packageOptions} defaultValue={v.packageId ?? ''} error={f.packageId} />
          <TextField name="hours" type="number" inputMode="numeric" min={1} max={16} label={FIELD_LABELS.hours} defaultValue={v.hours} error={f.hours} />
        </div>
        <TextArea name="message" label="Zpráva" maxLength={LIMITS.message} defaultValue={v.message} error={f.message} hint="Napište mi, jak si svůj den představujete." />
        <SelectField name="source" label="Jak jste se o mně dozvěděli?" options={[...SOURCE_OPTIONS]} defaultValue={v.source ?? ''} error={f.source} />
      </fieldset>
      <ConsentFields state={state} />
      <div>
        <SubmitButton pendingText="Odesílám poptávku…">Odeslat poptávku</SubmitButton>
      </div>
    </form>
  );
}
