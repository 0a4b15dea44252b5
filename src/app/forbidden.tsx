import type { Metadata } from 'next';
import { Link } from '@/ui/link';

export const metadata: Metadata = { title: 'Přístup odepřen', robots: { index: false } };

/** 403 for signed-in users without the needed role (requireAdmin → forbidden()). */
export default function Forbidden() {
  return (
    <section className="container-narrow page-header" aria-labelledby="forbidden-title">
      <p className="eyebrow">Chyba 403</p>
      <h1 id="forbidden-title">Přístup odepřen</h1>
      <p className="lead">Na tuto stránku nemáte oprávnění. Pokud spravujete tento web, přihlaste se prosím účtem administrátora.</p>
      <p className="error-actions">
        <Link href="/" className="btn btn-primary">
          Zpět na úvod
        </Link>
        <Link href="/ucet" className="btn">
          Můj účet
        </Link>
      </p>
    </section>
  );
}
