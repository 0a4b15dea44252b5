import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireAdmin } from '@/accounts/guards.server';
import { SignOutButton } from '@/accounts/ui/sign-out-button';

export const metadata: Metadata = { title: 'Účet administrátora' };

/** The photographer's own account: who is signed in, password change, sign-out. Guarded like every admin page. */
export default async function AdminAccountPage() {
  const admin = await requireAdmin();
  return (
    <section className="container-narrow section" aria-labelledby="admin-title">
      <p className="eyebrow">Administrace</p>
      <h1 id="admin-title">Váš účet</h1>
      <p className="lead" data-testid="admin-email">
        Přihlášena jako {admin.email}.
      </p>
      <ul>
        <li>
          <Link href="/admin/bookings">Rezervace a poptávky</Link>
        </li>
        <li>
          <Link href="/ucet/zmena-hesla">Změnit heslo</Link>
        </li>
      </ul>
      <SignOutButton next="/admin/login" />
    </section>
  );
}
