'use client';
import { Link } from '@/ui/link';
import { useEffect } from 'react';

/** Generic server-error variant (docs/spec.md §2: default title "Internal Server Error"). */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    // The server already logged it with the digest; keep the browser console quiet for visitors.
    void error;
  }, [error]);
  return (
    <section className="container-narrow page-header" aria-labelledby="error-title">
      <p className="eyebrow">Chyba 500</p>
      <h1 id="error-title">Něco se pokazilo</h1>
      <p className="lead">Omlouvám se, stránku se teď nepodařilo zobrazit. Zkuste to prosím za chvíli znovu.</p>
      <p className="muted" data-testid="error-message">
        Internal Server Error{error.digest ? ` (${error.digest})` : ''}
      </p>
      <p className="error-actions">
        <button type="button" className="btn btn-primary" onClick={reset}>
          Zkusit znovu
        </button>
        <Link href="/" className="btn">
          Zpět na úvod
        </Link>
      </p>
    </section>
  );
}
