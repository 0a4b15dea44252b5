import Link from 'next/link';
import { headers } from 'next/headers';

/**
 * The error pages speak Czech to the visitor and still carry SPEC §2's message text, so logs, tests and
 * support can tell the variants apart (docs/decisions/002-error-pages.md).
 */
export async function currentPath(): Promise<string> {
  const h = await headers();
  return h.get('x-full-path') ?? '/';
}

export function NotFoundView({ fatal, path }: { fatal: boolean; path: string }) {
  const specMessage = fatal ? `Page Not Found: ${path}` : `Page not found: ${path}`;
  return (
    <section className="container-narrow page-header" aria-labelledby="error-title">
      <p className="eyebrow">Chyba 404</p>
      <h1 id="error-title">Stránka nenalezena</h1>
      <p className="lead">
        {fatal
          ? 'Tato adresa nevede na žádnou svatbu ani stránku. Možná obsahuje překlep.'
          : 'Stránku, kterou hledáte, se nepodařilo najít. Možná byla přesunuta nebo odstraněna.'}
      </p>
      <p className="muted" data-testid="error-message">
        {specMessage}
      </p>
      <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', marginTop: '2rem' }}>
        <Link href="/" className="btn btn-primary">
          Zpět na úvod
        </Link>
        <Link href="/portfolio" className="btn">
          Prohlédnout portfolio
        </Link>
      </p>
    </section>
  );
}
