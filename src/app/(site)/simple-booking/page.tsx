import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { appDeps } from '@/bookings/runtime.server';
import { localToday } from '@/platform/dates';
import { initialFormState } from '@/bookings/form-submit.server';
import { SimpleForm } from '@/bookings/ui/simple-form';

export const metadata: Metadata = {
  title: 'Rychlá poptávka',
  description: 'Krátká nezávazná poptávka svatebního focení: jména, e-mail, datum a pár slov.',
  alternates: { canonical: '/simple-booking' },
};

/** Per visitor: the form's signed start token is rendered with the page (the proxy gives it a nonce CSP). */
export const dynamic = 'force-dynamic';

export default async function SimpleBookingPage() {
  const initial = await initialFormState('simple', appDeps().getDb);
  return (
    <>
      <header className="container-narrow page-header">
        <p className="eyebrow">Rychlá poptávka</p>
        <h1>Stačí pár řádků</h1>
        <p className="lead">
          Nechcete vyplňovat dlouhý formulář? Napište mi jména, e-mail a datum – zbytek doladíme spolu. Podrobnější poptávku
          najdete na stránce <Link prefetch={false} href="/rezervace">Rezervace</Link>.
        </p>
      </header>
      <div className="container-narrow" style={{ paddingBottom: 'var(--space-section)' }}>
        <SimpleForm initial={initial} today={localToday()} />
      </div>
    </>
  );
}
