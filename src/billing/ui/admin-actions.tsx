'use client';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';

type ApiError = { error?: { message?: string } } | null;

async function call(url: string, body: unknown): Promise<{ ok: true; data: unknown } | { ok: false; message: string }> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = (await res.json().catch(() => null)) as unknown;
    if (res.ok) return { ok: true, data };
    return { ok: false, message: (data as ApiError)?.error?.message ?? 'Akce se nepodařila. Zkuste to prosím znovu.' };
  } catch {
    return { ok: false, message: 'Spojení se nepodařilo. Zkuste to prosím znovu.' };
  }
}

function useAction() {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  async function run(url: string, body: unknown, okText: (data: unknown) => string) {
    setPending(true);
    setMessage(null);
    const result = await call(url, body);
    setPending(false);
    if (result.ok) {
      setMessage({ ok: true, text: okText(result.data) });
      router.refresh();
    } else setMessage({ ok: false, text: result.message });
  }
  const notice = message ? (
    <p className={message.ok ? 'notice notice-ok' : 'notice notice-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  ) : null;
  return { run, pending, notice };
}

/** Send (or re-send) the contract: price prefilled from the package, an optional note. */
export function SendContractForm({ bookingId, price, resend }: { bookingId: number; price: number | null; resend: boolean }) {
  const id = useId();
  const { run, pending, notice } = useAction();
  const [value, setValue] = useState(price?.toString() ?? '');
  const [note, setNote] = useState('');
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body: { price?: number; note?: string } = {};
    if (value.trim()) body.price = Number(value.replace(/\s/g, ''));
    if (note.trim()) body.note = note;
    await run(`/api/admin/bookings/${bookingId}/contract`, body, () => 'Smlouva je odeslaná, snoubencům odešel e-mail s odkazem.');
  }
  return (
    <form onSubmit={submit} className="form" data-testid="send-contract">
      {notice}
      <div className="field">
        <label htmlFor={`${id}-price`}>Cena celkem (Kč)</label>
        <input id={`${id}-price`} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Poznámka do smlouvy (nepovinná)</label>
        <textarea id={`${id}-note`} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Odesílám…' : resend ? 'Poslat novou verzi smlouvy' : 'Odeslat smlouvu'}
      </button>
    </form>
  );
}

export function MarkPaidButton({ bookingId }: { bookingId: number }) {
  const { run, pending, notice } = useAction();
  return (
    <div>
      {notice}
      <button type="button" className="btn btn-small" disabled={pending} aria-disabled={pending} onClick={() => run(`/api/admin/bookings/${bookingId}/deposit`, {}, () => 'Záloha je označená jako zaplacená.')}>
        Označit zálohu jako zaplacenou
      </button>
    </div>
  );
}

export function FinalInvoiceButton({ bookingId }: { bookingId: number }) {
  const { run, pending, notice } = useAction();
  return (
    <div>
      {notice}
      <button
        type="button"
        className="btn btn-small"
        disabled={pending}
        aria-disabled={pending}
        onClick={() => run(`/api/admin/bookings/${bookingId}/invoices`, { kind: 'final' }, (d) => `Konečná faktura ${(d as { number?: string } | null)?.number ?? ''} je vystavená.`)}
      >
        Vystavit konečnou fakturu
      </button>
    </div>
  );
}
