import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { adminSignInAction } from '@/accounts/actions/account';
import { getCurrentUser, isAdmin } from '@/accounts/guards.server';
import { safeNextPath } from '@/accounts/next-path';
import { SignInForm } from '@/accounts/ui/sign-in-form';
import { type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'Přihlášení do administrace' };

export default async function AdminLoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const next = safeNextPath(typeof sp.next === 'string' ? sp.next : null, '/admin/bookings');
  const user = await getCurrentUser();
  if (isAdmin(user)) redirect(next);
  return (
    <section className="container-narrow section" aria-labelledby="admin-login-title">
      <p className="eyebrow">Administrace</p>
      <h1 id="admin-login-title">Přihlášení</h1>
      <p className="lead">Přihlaste se prosím e-mailem a heslem svého účtu fotografky.</p>
      {user ? (
        <p className="notice" role="status">
          Jste přihlášeni jako {user.email}, tento účet ale nemá přístup do administrace. Přihlaste se prosím jiným účtem.
        </p>
      ) : null}
      <SignInForm action={adminSignInAction} next={next} />
    </section>
  );
}
