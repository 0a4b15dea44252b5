'use client';
import { Link } from '@/ui/link';
import { useActionState, type ReactNode } from 'react';
import { ErrorSummary, SubmitButton, TextField } from '@/ui/form/fields';
import { initialFormState, type FormState } from '../form-state';

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/** Hidden from people (and assistive tech); bots fill it in. */
function Honeypot() {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor="website">Webová stránka</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

function Summary({ state, labels }: { state: FormState; labels: Record<string, string> }) {
  if (state.status !== 'error') return null;
  const errors = state.message ? { _form: state.message, ...state.errors } : (state.errors ?? {});
  return <ErrorSummary errors={errors} labels={labels} />;
}

function Success({ state, children }: { state: FormState; children?: ReactNode }) {
  return (
    <div className="notice notice-ok" role="status" tabIndex={-1} ref={(el) => el?.focus()}>
      <p style={{ margin: 0 }}>{state.message}</p>
      {children}
    </div>
  );
}

const PASSWORD_HINT = 'Alespoň 8 znaků. Delší heslo nebo věta je bezpečnější.';

export function RegisterForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, initialFormState);
  if (state.status === 'success') {
    return (
      <Success state={state}>
        <p style={{ margin: '0.75rem 0 0' }}>
          <Link href="/ucet/prihlaseni">Přejít na přihlášení</Link>
        </p>
      </Success>
    );
  }
  const e = state.errors ?? {};
  return (
    <form action={formAction} className="form" noValidate>
      <Summary state={state} labels={{ email: 'E-mail', password: 'Heslo', passwordConfirmation: 'Heslo znovu' }} />
      <Honeypot />
      <TextField name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" required defaultValue={state.values?.email ?? ''} error={e.email} />
      <TextField name="password" label="Heslo" type="password" autoComplete="new-password" required hint={PASSWORD_HINT} error={e.password} />
      <TextField name="passwordConfirmation" label="Heslo znovu" type="password" autoComplete="new-password" required error={e.passwordConfirmation} />
      <div>
        <SubmitButton pendingText="Zakládám účet…">Založit účet</SubmitButton>
      </div>
    </form>
  );
}

export function ForgotPasswordForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, initialFormState);
  if (state.status === 'success') return <Success state={state} />;
  const e = state.errors ?? {};
  return (
    <form action={formAction} className="form" noValidate>
      <Summary state={state} labels={{ email: 'E-mail' }} />
      <Honeypot />
      <TextField name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" required defaultValue={state.values?.email ?? ''} error={e.email} />
      <div>
        <SubmitButton pendingText="Odesílám…">Poslat odkaz pro obnovení</SubmitButton>
      </div>
    </form>
  );
}

export function ResetPasswordForm({ action, code }: { action: Action; code: string }) {
  const [state, formAction] = useActionState(action, initialFormState);
  const e = state.errors ?? {};
  return (
    <form action={formAction} className="form" noValidate>
      <Summary state={state} labels={{ password: 'Nové heslo', passwordConfirmation: 'Nové heslo znovu', code: 'Odkaz' }} />
      <input type="hidden" name="code" value={code} />
      <TextField name="password" label="Nové heslo" type="password" autoComplete="new-password" required hint={PASSWORD_HINT} error={e.password} />
      <TextField name="passwordConfirmation" label="Nové heslo znovu" type="password" autoComplete="new-password" required error={e.passwordConfirmation} />
      <div>
        <SubmitButton pendingText="Ukládám…">Nastavit nové heslo</SubmitButton>
      </div>
    </form>
  );
}

export function ChangePasswordForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, initialFormState);
  if (state.status === 'success') {
    return (
      <Success state={state}>
        <p style={{ margin: '0.75rem 0 0' }}>
          <Link href="/ucet">Zpět na můj účet</Link>
        </p>
      </Success>
    );
  }
  const e = state.errors ?? {};
  return (
    <form action={formAction} className="form" noValidate>
      <Summary state={state} labels={{ currentPassword: 'Současné heslo', password: 'Nové heslo', passwordConfirmation: 'Nové heslo znovu' }} />
      <TextField name="currentPassword" label="Současné heslo" type="password" autoComplete="current-password" required error={e.currentPassword} />
      <TextField name="password" label="Nové heslo" type="password" autoComplete="new-password" required hint={PASSWORD_HINT} error={e.password} />
      <TextField name="passwordConfirmation" label="Nové heslo znovu" type="password" autoComplete="new-password" required error={e.passwordConfirmation} />
      <div>
        <SubmitButton pendingText="Ukládám…">Změnit heslo</SubmitButton>
      </div>
    </form>
  );
}

/** One button that POSTs the code: link scanners that pre-open e-mails only GET the page and confirm nothing. */
export function ConfirmEmailForm({ action, confirmation }: { action: Action; confirmation: string }) {
  const [state, formAction] = useActionState(action, initialFormState);
  return (
    <form action={formAction} className="form" noValidate>
      {state.status === 'error' ? (
        <p className="notice notice-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <input type="hidden" name="confirmation" value={confirmation} />
      <div>
        <SubmitButton pendingText="Potvrzuji…">Potvrdit e-mail</SubmitButton>
      </div>
    </form>
  );
}

export function ResendConfirmationForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, initialFormState);
  if (state.status === 'success') return <Success state={state} />;
  const e = state.errors ?? {};
  return (
    <form action={formAction} className="form" noValidate>
      <Summary state={state} labels={{ email: 'E-mail' }} />
      <Honeypot />
      <TextField name="email" label="E-mail" type="email" autoComplete="email" inputMode="email" required defaultValue={state.values?.email ?? ''} error={e.email} />
      <div>
        <SubmitButton className="btn" pendingText="Odesílám…">
          Poslat nový potvrzovací odkaz
        </SubmitButton>
      </div>
    </form>
  );
}
