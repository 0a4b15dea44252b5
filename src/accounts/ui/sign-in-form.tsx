'use client';
import { useActionState } from 'react';
import { ErrorSummary, SubmitButton, TextField } from '@/ui/form/fields';
import { initialFormState, type FormState } from '../form-state';

const LABELS = { identifier: 'E-mail', password: 'Heslo' };

/** Sign-in form for couples (/ucet/prihlaseni) and the photographer (/admin/login). */
export function SignInForm({
  action,
  next,
  submitLabel = 'Přihlásit se',
}: {
  action: (prev: FormState, formData: FormData) => Promise<FormState>;
  next: string;
  submitLabel?: string;
}) {
  const [state, formAction] = useActionState(action, initialFormState);
  const errors = state.errors ?? {};
  return (
    <form action={formAction} className="form" noValidate>
      {state.status === 'error' ? <ErrorSummary errors={state.message ? { _form: state.message, ...errors } : errors} labels={LABELS} /> : null}
      <input type="hidden" name="next" value={next} />
      <TextField
        name="identifier"
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        defaultValue={state.values?.identifier ?? ''}
        error={errors.identifier}
      />
      <TextField name="password" label="Heslo" type="password" autoComplete="current-password" required error={errors.password} />
      <div>
        <SubmitButton pendingText="Přihlašuji…">{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
