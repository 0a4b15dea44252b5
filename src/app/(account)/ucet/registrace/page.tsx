import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { redirect } from 'next/navigation';
import { registerAction } from '@/accounts/actions/account';
import { getCurrentUser } from '@/accounts/guards.server';
import { RegisterForm } from '@/accounts/ui/account-forms';

export const metadata: Metadata = { title: 'Registrace', robots: { index: false } };

export default async function RegisterPage() {
  if (await getCurrentUser()) redirect('/ucet');
  return (
    <section className="container-narrow section" aria-labelledby="register-title">
      <p className="eyebrow">Můj účet</p>
      <h1 id="register-title">Registrace</h1>
      <p className="lead">
        S účtem uvidíte stav svých poptávek a rezervací. Zaregistrujte se prosím stejným e-mailem, který jste uvedli v poptávce.
      </p>
      <RegisterForm action={registerAction} />
      <p style={{ marginTop: '2rem' }}>
        Už účet máte? <Link href="/ucet/prihlaseni">Přihlaste se</Link>.
      </p>
    </section>
  );
}
