'use client';
import { useActionState } from 'react';
import { SubmitButton } from '@/ui/form/fields';
import type { FormStateBase as FormState } from '@/platform/form-state';

const initialFormState: FormState = { status: 'idle' };

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

function Message({ state }: { state: FormState }) {
  if (state.status === 'idle' || !state.message) return null;
  return (
    <p className={state.status === 'success' ? 'notice notice-ok' : 'notice'} role={state.status === 'success' ? 'status' : 'alert'}>
      {state.message}
    </p>
  );
}

/** Confirms attaching one inquiry (a POST, so a prefetched or embedded link never attaches anything). */
export function ClaimForm({ action, token, label }: { action: Action; token: string; label: string }) {
  const [state, formAction] = useActionState(action, initialFormState);
  return (
    <form action={formAction} className="form">
      <Message state={state} />
      <input type="hidden" name="t" value={token} />
      <div>
        <SubmitButton pendingText="Připojuji…">{label}</SubmitButton>
      </div>
    </form>
  );
}

export function RequestClaimLinksForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, initialFormState);
  if (state.status === 'success') return <Message state={state} />;
  return (
    <form action={formAction}>
      <Message state={state} />
      <SubmitButton pendingText="Posílám…">Poslat odkaz k mým poptávkám</SubmitButton>
    </form>
  );
}
