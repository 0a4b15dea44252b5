import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { isAdmin, requireUser } from '@/accounts/guards.server';
import { accountKey } from '@/accounts/public.server';
import { SignOutButton } from '@/accounts/ui/sign-out-button';
import { CoupleInquiries } from '@/bookings/ui/couple-inquiries';
import { AccountCancelForm } from '@/bookings/ui/account-cancel-form';
import { AccountGalleries } from '@/galleries/ui/account-galleries';
import { type SearchParams } from '@/platform/search-params';
import { CoupleContracts } from '@/billing/public.server';
import { getDb } from '@/db/db.server';

export const metadata: Metadata = { title: 'Můj účet', robots: { index: false } };

const NOTICES: Record<string, string> = {
  vitejte: 'Vítejte! Váš účet je připravený.',
  obnoveno: 'Nové heslo je uložené a jste přihlášeni.',
};

export default async function AccountPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const sp = await searchParams;
  const claimed = typeof sp.pripojeno === 'string' && /^[A-Z0-9-]{4,30}$/.test(sp.pripojeno) ? sp.pripojeno : null;
  const notice =
    sp.vitejte === '1' ? NOTICES.vitejte : sp.heslo === 'obnoveno' ? NOTICES.obnoveno : claimed ? `Poptávka ${claimed} je připojená k vašemu účtu.` : null;
  return (
    <div className="container-narrow section">
      <p className="eyebrow">Můj účet</p>
      <h1>Dobrý den</h1>
      {notice ? (
        <p className="notice notice-ok" role="status">
          {notice}
        </p>
      ) : null}
      <section className="card" aria-labelledby="profile-title" style={{ marginTop: '2rem' }}>
        <h2 id="profile-title" style={{ fontSize: '1.6rem' }}>
          Přihlašovací údaje
        </h2>
        <dl>
          <dt>E-mail</dt>
          <dd data-testid="account-email">{user.email}</dd>
          <dt>Stav e-mailu</dt>
          <dd>{user.confirmed ? 'Potvrzený' : 'Nepotvrzený'}</dd>
        </dl>
        <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
          <Link href="/ucet/zmena-hesla" className="btn">
            Změnit heslo
          </Link>
          {isAdmin(user) ? (
            <Link href="/admin/bookings" className="btn">
              Administrace
            </Link>
          ) : null}
          <SignOutButton />
        </div>
      </section>
      <AccountGalleries email={user.email} confirmed={user.confirmed} />
      <CoupleInquiries user={user} owner={accountKey(user)} />
      <CoupleContracts db={await getDb()} owner={accountKey(user)} />
      {isAdmin(user) ? null : <AccountCancelForm />}
    </div>
  );
}
