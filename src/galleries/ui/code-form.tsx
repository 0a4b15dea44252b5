'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';

/** The access code, before anything of the gallery is shown. On success the page reloads with the cookie set. */
export function CodeForm({ slug }: { slug: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '');
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/galleries/${encodeURIComponent(slug)}/access`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
      if (res.ok) {
        router.refresh();
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? 'Kód se nepodařilo ověřit. Zkuste to prosím znovu.');
    } catch {
      setError('Spojení se nepodařilo. Zkontrolujte prosím připojení a zkuste to znovu.');
    }
    setBusy(false);
  }

  return (
    <form onSubmit={onSubmit} className="card" noValidate data-testid="gallery-code-form" data-hydrated={hydrated ? 'true' : undefined}>
      <div className="field">
        <label htmlFor="gallery-code">Přístupový kód</label>
        <span id="gallery-code-hint" className="hint">
          Dostali jste ho ode mě spolu s odkazem na galerii.
        </span>
        <input
          id="gallery-code"
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
          aria-describedby={error ? 'gallery-code-hint gallery-code-error' : 'gallery-code-hint'}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <p id="gallery-code-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy} style={{ marginTop: '1rem' }}>
        {busy ? 'Ověřuji…' : 'Otevřít galerii'}
      </button>
    </form>
  );
}
