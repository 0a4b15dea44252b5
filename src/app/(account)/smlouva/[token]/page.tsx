import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { openDeps } from '@/bookings/public.server';
import { BillingError, ContractPage, contractView } from '@/billing/public.server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Smlouva', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ token: string }> };

/** /smlouva/{token} — the couple's contract (the token from the mail), with the deposit and QR Platba once accepted. */
export default async function ContractRoute({ params }: Props) {
  const { token } = await params;
  const { db, config } = await openDeps();
  try {
    const view = await contractView(db, token, config);
    return <ContractPage view={view} token={token} />;
  } catch (err) {
    if (err instanceof BillingError && err.status === 404) notFound();
    if (err instanceof BillingError) {
      return (
        <div className="container-narrow section">
          <h1>Smlouva</h1>
          <p className="notice notice-error" role="alert">
            {err.message}
          </p>
        </div>
      );
    }
    throw err;
  }
}
