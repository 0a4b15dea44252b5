import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { confirmEmailAction, resendConfirmationAction } from '@/accounts/actions/account';
import { ConfirmEmailForm, ResendConfirmationForm } from '@/accounts/ui/account-forms';
import { type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'Potvrzení e-mailu', robots: { index: false }, referrer: 'no-referrer' };

/**
 * Opening this page changes nothing: mail scanners pre-open links. Only the button (a POST) confirms.
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const confirmation = typeof sp.confirmation === 'string' && sp.confirmation.length <= 200 ? sp.confirmation : '';
  return (
    <section className="container-narrow section" aria-labelledby="confirm-title">
      <p className="eyebrow">Můj účet</p>
      <h1 id="confirm-title">Potvrzení e-mailu</h1>
      {confirmation ? (
        <>
          <p className="lead">Dokončete prosím registraci potvrzením své e-mailové adresy.</p>
          <ConfirmEmailForm action={confirmEmailAction} confirmation={confirmation} />
          <h2 style={{ marginTop: '3rem', fontSize: '1.5rem' }}>Odkaz nefunguje?</h2>
        </>
      ) : (
        <p className="lead">Nepřišel vám potvrzovací e-mail, nebo odkaz vypršel? Zadejte e-mail svého účtu a pošlu vám nový.</p>
      )}
      <ResendConfirmationForm action={resendConfirmationAction} />
      <p style={{ marginTop: '2rem' }}>
        <Link href="/ucet/prihlaseni">Zpět na přihlášení</Link>
      </p>
    </section>
  );
}
