import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireUser } from '@/accounts/guards.server';
import { accountKey } from '@/accounts/public.server';
import { getDb } from '@/db/db.server';
import { previewClaim } from '@/bookings/claims.server';
import { claimInquiryAction } from '@/bookings/ui/claim-actions';
import { ClaimForm } from '@/bookings/ui/claim-forms';

export const metadata: Metadata = { title: 'Připojit poptávku k účtu', robots: { index: false } };

/**
 * Opened from the link in the auto-reply (or the "send me the links" mail): attaches that inquiry to the account
 * signed in now. Signing in comes first (requireUser brings the visitor back here); the attaching itself is a POST.
 */
export default async function ClaimPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser();
  const sp = await searchParams;
  const token = typeof sp.t === 'string' ? sp.t : '';
  const preview = await previewClaim(await getDb(), token);
  const mine = preview.ok && preview.ownedBy === accountKey(user);
  return (
    <div className="container-narrow section">
      <p className="eyebrow">Můj účet</p>
      <h1>Připojit poptávku k účtu</h1>
      {!preview.ok ? (
        <p className="notice" role="alert">
          {preview.message}
        </p>
      ) : mine ? (
        <p className="notice notice-ok" role="status">
          Poptávka {preview.reference} už je k vašemu účtu připojená.
        </p>
      ) : (
        <>
          <p>
            Poptávku <strong>{preview.reference}</strong> připojím k účtu <strong>{user.email}</strong>. Pak v něm uvidíte její stav.
          </p>
          <ClaimForm action={claimInquiryAction} token={token} label={`Připojit poptávku ${preview.reference}`} />
        </>
      )}
      <p style={{ marginTop: '2rem' }}>
        <Link href="/ucet">Zpět na můj účet</Link>
      </p>
    </div>
  );
}
