import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { changePasswordAction } from '@/accounts/actions/account';
import { requireUser } from '@/accounts/guards.server';
import { ChangePasswordForm } from '@/accounts/ui/account-forms';

export const metadata: Metadata = { title: 'Změna hesla', robots: { index: false } };

export default async function ChangePasswordPage() {
  const user = await requireUser();
  return (
    <section className="container-narrow section" aria-labelledby="change-title">
      <p className="eyebrow">Můj účet</p>
      <h1 id="change-title">Změna hesla</h1>
      <p className="lead">Přihlášený účet: {user.email}. Po změně hesla se ostatní zařízení odhlásí.</p>
      <ChangePasswordForm action={changePasswordAction} />
      <p style={{ marginTop: '2rem' }}>
        <Link href="/ucet">Zpět na můj účet</Link>
      </p>
    </section>
  );
}
