'use client';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';

/**
 * The couple's acceptance: they type their names and accept. Posts to /api/contracts/{token}/accept; a refusal
 * (empty names, a second acceptance, an expired hold) is shown in Czech as the server words it.
 */
export function AcceptContractForm({ token }: { token: string }) {
  const router = useRouter();
  const id = useId();
  const [names, setNames] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!names.trim()) {
      setError('Napište prosím svá jména – tím smlouvu potvrzujete.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/contracts/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ names }),
      });
      if (res.ok) {
        router.refresh();
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? 'Smlouvu se nepodařilo přijmout. Zkuste to prosím znovu.');
    } catch {
      setError('Spojení se nepodařilo. Zkontrolujte připojení a zkuste to prosím znovu.');
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="accept-form">
      <div className="field">
        <label htmlFor={`${id}-names`}>Vaše jména</label>
        <p className="hint" id={`${id}-hint`}>
          Například „Jana Nováková a Petr Svoboda“. Napsáním jmen a tlačítkem níže smlouvu přijímáte.
        </p>
        <input
          id={`${id}-names`}
          name="names"
          autoComplete="name"
          value={names}
          maxLength={200}
          onChange={(e) => setNames(e.target.value)}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div style={{ marginTop: '1rem' }}>
        <button type="submit" className="btn btn-primary" aria-disabled={pending} disabled={pending}>
          {pending ? 'Ukládám…' : 'Přijímám smlouvu'}
        </button>
      </div>
    </form>
  );
}
