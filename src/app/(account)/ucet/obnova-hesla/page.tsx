import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { resetPasswordAction } from '@/accounts/actions/account';
import { ResetPasswordForm } from '@/accounts/ui/account-forms';
import { type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'Nové heslo', robots: { index: false }, referrer: 'no-referrer' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const code = typeof sp.code === 'string' && sp.code.length <= 200 ? sp.code : '';
  return (
    <section className="container-narrow section" aria-labelledby="reset-title">
      <p className="eyebrow">Můj účet</p>
      <h1 id="reset-title">Nastavení nového hesla</h1>
      {code ? (
        <>
          <p className="lead">Zvolte si nové heslo. Po uložení vás rovnou přihlásím.</p>
          <ResetPasswordForm action={resetPasswordAction} code={code} />
        </>
      ) : (
        <p className="notice notice-error" role="alert">
          Odkaz je neúplný. Otevřete prosím celý odkaz z e-mailu, nebo si <Link href="/ucet/zapomenute-heslo">nechte poslat nový</Link>.
        </p>
      )}
    </section>
  );
}
