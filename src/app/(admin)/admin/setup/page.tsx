import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { setupState } from '@/accounts/setup.server';
import { adminSetupAction } from '@/accounts/actions/setup';
import { AdminSetupForm } from '@/accounts/ui/admin-setup-form';
import { type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'Nastavení administrátora', referrer: 'no-referrer' };

export default async function AdminSetupPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' && sp.token.length <= 200 ? sp.token : '';
  let body: React.ReactNode;
  const state = await setupState(token);
  if (state === 'strapi') {
    body = <p className="notice">Účty spravuje Strapi. Administrátorem je uživatel s rolí, jejíž typ je nastaven v ADMIN_ROLE_TYPE.</p>;
  } else {
    if (state === 'admin-exists') {
      body = (
        <p className="notice" role="status" data-testid="setup-state">
          Administrátor už je nastavený. <Link href="/admin/login">Přihlaste se</Link>.
        </p>
      );
    } else if (state === 'invalid-link') {
      body = (
        <p className="notice notice-error" role="alert" data-testid="setup-state">
          Odkaz je neplatný nebo vypršel. Nový odkaz se vypíše do konzole při dalším spuštění serveru; administrátora lze vytvořit také příkazem{' '}
          <code>npm run admin:create -- --email … --password …</code>.
        </p>
      );
    } else {
      body = (
        <>
          <p className="lead">Zvolte si e-mail a heslo, kterými se budete přihlašovat do administrace.</p>
          <AdminSetupForm action={adminSetupAction} token={token} />
        </>
      );
    }
  }
  return (
    <section className="container-narrow section" aria-labelledby="setup-title">
      <p className="eyebrow">Administrace</p>
      <h1 id="setup-title">Nastavení administrátora</h1>
      {body}
    </section>
  );
}
