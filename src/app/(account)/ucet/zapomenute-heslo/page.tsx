import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { forgotPasswordAction } from '@/accounts/actions/account';
import { ForgotPasswordForm } from '@/accounts/ui/account-forms';

export const metadata: Metadata = { title: 'Zapomenuté heslo', robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <section className="container-narrow section" aria-labelledby="forgot-title">
      <p className="eyebrow">Můj účet</p>
      <h1 id="forgot-title">Zapomenuté heslo</h1>
      <p className="lead">Zadejte e-mail svého účtu a pošlu vám odkaz, přes který si nastavíte nové heslo.</p>
      <ForgotPasswordForm action={forgotPasswordAction} />
      <p style={{ marginTop: '2rem' }}>
        <Link href="/ucet/prihlaseni">Zpět na přihlášení</Link>
      </p>
    </section>
  );
}
