'use client';
import { Link } from '@/ui/link';
import type { ReactNode } from 'react';
import { CheckboxField, ErrorSummary } from '@/ui/form/fields';
import { FIELD_LABELS } from '@/bookings/input-fields';
import { HONEYPOT_FIELD, type FormState } from '@/bookings/form-state';

/** Hidden fields, honeypot, the refusal message and the error summary every booking form shares. */
export function FormPreamble({ state }: { state: FormState }) {
  const fieldErrors = Object.fromEntries(Object.entries(state.errors).filter(([k]) => k !== '_form'));
  const formError = state.errors._form;
  return (
    <>
      <input type="hidden" name="_key" value={state.key} />
      <input type="hidden" name="_started" value={state.started} />
      <div className="hp-field" aria-hidden="true">
        <label htmlFor={`${state.kind}-${HONEYPOT_FIELD}`}>Tohle pole nevyplňujte</label>
        <input id={`${state.kind}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {state.status === 'error' && (!Object.keys(fieldErrors).length || formError) ? (
        <div className="notice notice-error" role="alert" tabIndex={-1} ref={(el) => el?.focus()} data-testid="form-message">
          <p style={{ margin: 0 }}>{formError ?? state.message}</p>
        </div>
      ) : null}
      <ErrorSummary errors={fieldErrors} labels={FIELD_LABELS} title="Prosím opravte vyznačená pole" />
    </>
  );
}

/**
 * The privacy notice every form shows (the inquiry is processed to take steps before a contract, čl. 6 odst. 1
 * písm. b) GDPR, so no consent is asked for), and the one real consent: the optional newsletter box.
 */
export function ConsentFields({ state, marketing = true }: { state: FormState; marketing?: boolean }) {
  const v = state.values;
  return (
    <>
      {marketing ? (
        <CheckboxField
          name="marketingConsent"
          defaultChecked={v.marketingConsent === 'on'}
          error={state.errors.marketingConsent}
          label="Chci občas dostat e-mail s novinkami a volnými termíny (nepovinné, odhlásit se můžete kdykoli)"
        />
      ) : null}
      {/* Right above the submit button: what sending the form means. */}
      <p className="muted" data-testid="privacy-notice">
        Odesláním {marketing ? 'poptávky' : 'zprávy'} berete na vědomí <Link href="/ochrana-udaju">zásady ochrany osobních údajů</Link>.
        {marketing ? (
          <>
            {' '}
            Podmínky případné smlouvy najdete v <Link href="/obchodni-podminky">obchodních podmínkách</Link>.
          </>
        ) : null}
      </p>
    </>
  );
}

export function Required(): ReactNode {
  return (
    <>
      {' '}
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">(povinné)</span>
    </>
  );
}
