'use client';
import { useActionState } from 'react';
import { ErrorSummary, SubmitButton, TextField } from '@/ui/form/fields';
import { initialFormState, type FormState } from '../form-state';

export function AdminSetupForm({ action, token }: { action: (prev: FormState, formData: FormData) => Promise<FormState>; token: string }) {
  const [state, formAction] = useActionState(action, initialFormState);
  const e = state.errors ?? {};
  return (
    <form action={formAction} className="form" noValidate>
      {state.status === 'error' ? (
        <ErrorSummary errors={state.message ? { _form: state.message, ...e } : e} labels={{ email: 'E-mail', password: 'Heslo', passwordConfirmation: 'Heslo znovu' }} />
      ) : null}
      <input type="hidden" name="token" value={token} />
      <TextField name="email" label="E-mail" type="email" autoComplete="username" required defaultValue={state.values?.email ?? ''} error={e.email} />
      <TextField name="password" label="Heslo" type="password" autoComplete="new-password" required hint="Alespoň 8 znaků." error={e.password} />
      <TextField name="passwordConfirmation" label="Heslo znovu" type="password" autoComplete="new-password" required error={e.passwordConfirmation} />
      <div>
        <SubmitButton pendingText="Ukládám…">Vytvořit administrátora</SubmitButton>
      </div>
    </form>
  );
}
