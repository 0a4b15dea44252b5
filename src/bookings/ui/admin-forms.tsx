'use client';
import { Link } from '@/ui/link';
import { useActionState } from 'react';
import { SelectField, SubmitButton, TextArea, TextField } from '@/ui/form/fields';
import { STATUS_LABELS, type InquiryStatus } from '@/bookings/statuses';
import { addNoteAction, changeStatusAction, eraseEmailAction, type AdminActionState } from '../actions/admin';

const initial: AdminActionState = { status: 'idle', message: '', attempt: 0 };

function Result({ state }: { state: AdminActionState }) {
  if (state.status === 'idle') return null;
  const ok = state.status === 'success';
  return (
    <p className={`notice ${ok ? 'notice-ok' : 'notice-error'}`} role={ok ? 'status' : 'alert'} data-testid="admin-result">
      {state.message}
      {state.link ? (
        <>
          {' '}
          <Link href={state.link.href}>{state.link.label}</Link>
        </>
      ) : null}
    </p>
  );
}

export function StatusForm({ id, allowed }: { id: number; allowed: InquiryStatus[] }) {
  const [state, action] = useActionState(changeStatusAction, initial);
  if (!allowed.length) return <p className="muted">Z tohoto stavu už se dál nepokračuje.</p>;
  return (
    <form action={action} className="form" key={state.attempt}>
      <Result state={state} />
      <input type="hidden" name="id" value={id} />
      <SelectField name="to" label="Nový stav" options={allowed.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
      <TextField name="note" label="Poznámka ke změně (nepovinné)" maxLength={1000} />
      <div>
        <SubmitButton pendingText="Ukládám…">Změnit stav</SubmitButton>
      </div>
    </form>
  );
}

export function NoteForm({ id }: { id: number }) {
  const [state, action] = useActionState(addNoteAction, initial);
  return (
    <form action={action} className="form" key={state.attempt}>
      <Result state={state} />
      <input type="hidden" name="id" value={id} />
      <TextArea name="body" label="Nová poznámka" maxLength={5000} required />
      <div>
        <SubmitButton pendingText="Ukládám…" className="btn">
          Přidat poznámku
        </SubmitButton>
      </div>
    </form>
  );
}

export function EraseForm() {
  const [state, action] = useActionState(eraseEmailAction, initial);
  return (
    <form action={action} className="form" key={state.attempt}>
      <Result state={state} />
      <TextField name="email" id="erase-email" type="email" label="E-mail, jehož údaje chcete smazat" required autoComplete="off" />
      <TextField name="confirm" id="erase-confirm" type="email" label="Pro potvrzení napište e-mail znovu" required autoComplete="off" />
      <p className="muted">Smaže všechny poptávky s tímto e-mailem (včetně blokovaných termínů), jejich poznámky, historii a odeslané e-maily. Nelze vrátit.</p>
      <div>
        <SubmitButton pendingText="Mažu…">Smazat vše o tomto e-mailu</SubmitButton>
      </div>
    </form>
  );
}
