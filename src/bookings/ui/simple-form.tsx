'use client';
import { useActionState } from 'react';
import { SubmitButton, TextArea, TextField } from '@/ui/form/fields';
import { LIMITS } from '@/bookings/input-fields';
import type { FormState } from '@/bookings/form-state';
import { submitSimpleInquiry } from '../actions/inquiry';
import styles from './booking.module.css';
import { ConsentFields, FormPreamble, Required } from './form-shell';

/** The short inquiry on /simple-booking: names, e-mail, date and a message. */
export function SimpleForm({ initial, today }: { initial: FormState; today: string }) {
  const [state, action] = useActionState(submitSimpleInquiry, initial);
  const v = state.values;
  const f = state.errors;
  return (
    <form action={action} noValidate className={`form ${styles.form}`} key={state.attempt}>
      <FormPreamble state={state} />
      <p className="muted">Pole označená hvězdičkou (*) jsou povinná.</p>
      <div className="form-row">
        <TextField name="partner1" label={<>Jméno nevěsty / ženicha<Required /></>} required autoComplete="name" maxLength={LIMITS.name} defaultValue={v.partner1} error={f.partner1} />
        <TextField name="partner2" label={<>Jméno partnera / partnerky<Required /></>} required maxLength={LIMITS.name} defaultValue={v.partner2} error={f.partner2} />
      </div>
      <div className="form-row">
        <TextField name="email" type="email" label={<>E-mail<Required /></>} required autoComplete="email" maxLength={LIMITS.email} defaultValue={v.email} error={f.email} />
        <TextField name="weddingDate" type="date" label={<>Datum svatby<Required /></>} required min={today} defaultValue={v.weddingDate} error={f.weddingDate} />
      </div>
      <TextArea name="message" label="Zpráva" maxLength={LIMITS.message} defaultValue={v.message} error={f.message} />
      <ConsentFields state={state} />
      <div>
        <SubmitButton pendingText="Odesílám…">Odeslat poptávku</SubmitButton>
      </div>
    </form>
  );
}
