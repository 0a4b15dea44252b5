'use client';
import { useActionState } from 'react';
import { SubmitButton } from '@/ui/form/fields';
import type { FormStateBase as FormState } from '@/platform/form-state';
import { cancelAccountAction } from './account-cancel-action';

const initial: FormState = { status: 'idle' };

/** „Zrušit účet“: deletes the couple's account after they type its e-mail again. */
export function AccountCancelForm() {
  const [state, action] = useActionState(cancelAccountAction, initial);
  return (
    <section className="card" aria-labelledby="cancel-title" style={{ marginTop: '2rem' }}>
      <h2 id="cancel-title" style={{ fontSize: '1.6rem' }}>
        Zrušit účet
      </h2>
      <p>
        Účet a e-maily, které jsem vám k němu poslala, smažu hned. Vaše poptávky u mě zůstanou, dokud je podle zásad ochrany osobních údajů
        neanonymizuji – jen už nebudou připojené k žádnému účtu.
      </p>
      <form action={action} className="form">
        {state.status === 'error' && state.message ? (
          <p className="notice" role="alert">
            {state.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="cancel-email">Pro potvrzení napište e-mail svého účtu</label>
          <input id="cancel-email" name="email" type="email" autoComplete="off" required />
        </div>
        <div>
          <SubmitButton pendingText="Ruším účet…">Zrušit účet</SubmitButton>
        </div>
      </form>
    </section>
  );
}
