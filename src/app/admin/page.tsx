import type { Metadata } from 'next';
import Link from 'next/link';
import { requireAdmin } from '@/accounts/guards.server';
import { SignOutButton } from '@/accounts/ui/sign-out-button';

export const metadata: Metadata = { title: 'Administrace', robots: { index: false, follow: false } };

/** Admin home: where the photographer lands; guarded like every admin page. */
export default async function AdminHome() {
  const admin = await requireAdmin();
  return (
    <section className="container-narrow section" aria-labelledby="admin-title">
      <p className="eyebrow">Administrace</p>
      <h1 id="admin-title">Dobrý den</h1>
      <p className="lead" data-testid="admin-email">
        Přihlášeni jako {admin.email}.
      </p>
      <ul>
        <li>
          <Link href="/admin/bookings">Rezervace a poptávky</Link>
        </li>
      </ul>
      <SignOutButton next="/admin/login" />
    </section>
  );
}
