'use client';
import { useActionState, useState } from 'react';
import { SelectField, SubmitButton, TextArea, TextField } from '@/ui/form/fields';
import { FIELD_LABELS, SOURCE_OPTIONS, LIMITS } from '@/bookings/input-fields';
import type { FormState } from '@/bookings/form-state';
import type { PackageOption } from '@/bookings/packages';
import { submitFullInquiry } from '../actions/inquiry';
import { ConsentFields, FormPreamble, Required } from './form-shell';
import { AvailabilityCalendar, DateStatus } from './availability-calendar';
import styles from './booking.module.css';

const price = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 });

/** The full inquiry on /rezervace. Works without JavaScript (server action + re-rendered values). */
export function InquiryForm({
  initial,
  packages,
  taken,
  today,
  lastDay,
  initialMonth,
}: {
  initial: FormState;
  packages: PackageOption[];
  taken: string[] | null;
  today: string;
  lastDay: string;
  initialMonth?: string;
}) {
  const [state, action] = useActionState(submitFullInquiry, initial);
  const [date, setDate] = useState(state.values.weddingDate ?? '');
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
        <DateStatus taken={taken} value={date} />
        {taken ? (
          <details id="kalendar" open={Boolean(initialMonth)}>
            <summary>Zobrazit kalendář volných termínů</summary>
            <AvailabilityCalendar taken={taken} today={today} lastDay={lastDay} initialMonth={initialMonth} />
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
