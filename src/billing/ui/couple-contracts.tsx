import { claimedInquiryRefs, type ClaimOwner } from '@/bookings/public.server';
import type { Db } from '@/db/client';
import { contractLinksFor } from '../service.server';

/**
 * In /ucet: the contract of each inquiry attached to the account (attached through a link mailed to the inquiry's
 * address, so the mailbox is proven). Links to the same page the mail links to.
 */
export async function CoupleContracts({ db, owner }: { db: Db; owner: ClaimOwner }) {
  const refs = await claimedInquiryRefs(db, owner);
  const links = await contractLinksFor(db, refs.map((r) => r.id));
  if (!links.length) return null;
  const refOf = new Map(refs.map((r) => [r.id, r.reference]));
  return (
    <section aria-labelledby="contracts-title" style={{ marginTop: '3rem' }}>
      <h2 id="contracts-title" style={{ fontSize: '1.6rem' }}>
        Smlouvy
      </h2>
      <ul data-testid="couple-contracts">
        {links.map((l) => (
          <li key={l.url}>
            <a href={l.url}>
              Smlouva k rezervaci {refOf.get(l.inquiryId)} – {l.status === 'accepted' ? 'přijatá, záloha a doklady' : 'čeká na vaše přijetí'}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
