'use client';
import { useActionState, useEffect, useState } from 'react';
import { SubmitButton, TextArea, TextField } from '@/ui/form/fields';
import { LIMITS } from '@/bookings/input-fields';
import type { FormState } from '@/bookings/form-state';
import { submitContactMessage } from '../actions/inquiry';
import { startContactFormAction } from '../actions/form-start';
import styles from './booking.module.css';
import { ConsentFields, FormPreamble, Required } from './form-shell';

/**
 * The contact form for /kontakt (the page itself belongs to the site pages). The cached page carries no start
 * token or key: they are fetched once after hydration and used until an answer brings its own.
 */
export function ContactForm({ initial, today }: { initial: FormState; today: string }) {
  const [answer, action] = useActionState(submitContactMessage, initial);
  const [token, setToken] = useState<Pick<FormState, 'started' | 'key'> | null>(null);
  useEffect(() => {
    if (initial.key) return;
    startContactFormAction()
      .then(setToken)
      .catch(() => undefined); // the submit step then asks for a resend with a fresh token
  }, [initial.key]);
  const state = answer.key || !token ? answer : { ...answer, ...token };
  const v = state.values;
  const f = state.errors;
  return (
    <form action={action} noValidate className={`form ${styles.form}`} key={state.attempt} id="kontaktni-formular">
      <FormPreamble state={state} />
      <p className="muted">Pole označená hvězdičkou (*) jsou povinná.</p>
      <div className="form-row">
        <TextField name="partner1" label={<>Jméno<Required /></>} required autoComplete="name" maxLength={LIMITS.name} defaultValue={v.partner1} error={f.partner1} />
        <TextField name="email" type="email" label={<>E-mail<Required /></>} required autoComplete="email" maxLength={LIMITS.email} defaultValue={v.email} error={f.email} />
      </div>
      <div className="form-row">
        <TextField name="phone" type="tel" label="Telefon" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={v.phone} error={f.phone} />
        <TextField name="weddingDate" type="date" label="Datum svatby (pokud ho už znáte)" min={today} defaultValue={v.weddingDate} error={f.weddingDate} />
      </div>
      <TextArea name="message" label={<>Zpráva<Required /></>} required maxLength={LIMITS.message} defaultValue={v.message} error={f.message} />
      <ConsentFields state={state} marketing={false} />
      <div>
        <SubmitButton pendingText="Odesílám zprávu…">Odeslat zprávu</SubmitButton>
      </div>
    </form>
  );
}
