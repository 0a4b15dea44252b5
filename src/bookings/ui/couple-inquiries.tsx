import { Link } from '@/ui/link';
import { listClaimedInquiries } from '@/bookings/claims.server';
import { formatCzechDate } from '@/platform/dates';
import { getDb } from '@/db/db.server';
import { requestClaimLinksAction } from './claim-actions';
import { RequestClaimLinksForm } from './claim-forms';

/**
 * The couple's own inquiries: only those attached to this account through a link mailed to the inquiry's address
 * (src/bookings/claims.server.ts) — a matching e-mail alone proves nothing, anyone can register any address.
 * The list comes from the bookings domain as DTOs without internal fields.
 */
export async function CoupleInquiries({ user, owner }: { user: { email: string }; owner: `${'builtin' | 'strapi'}:${string}` }) {
  const items = await listClaimedInquiries(await getDb(), owner);
  const request = (
    <div style={{ marginTop: '1rem' }}>
      <p>Poslali jste mi poptávku z adresy {user.email}? Pošlu na ni odkaz, kterým ji k účtu připojíte.</p>
      <RequestClaimLinksForm action={requestClaimLinksAction} />
    </div>
  );
  return (
    <section aria-labelledby="inquiries-title" style={{ marginTop: '3rem' }}>
      <h2 id="inquiries-title" style={{ fontSize: '1.6rem' }}>
        Vaše poptávky
      </h2>
      {items.length === 0 ? (
        <p>
          K účtu zatím není připojená žádná poptávka. <Link prefetch={false} href="/rezervace">Poslat poptávku</Link>
        </p>
      ) : (
        <ul className="grid" style={{ listStyle: 'none', padding: 0 }} data-testid="couple-inquiries">
          {items.map((i) => (
            <li key={i.reference} className="card">
              <p className="eyebrow" style={{ marginBottom: '0.5rem' }}>
                Poptávka {i.reference}
              </p>
              <dl style={{ margin: 0 }}>
                <dt>Termín svatby</dt>
                <dd>{i.weddingDate ? formatCzechDate(i.weddingDate) : 'neuveden'}</dd>
                {i.venue || i.town ? (
                  <>
                    <dt>Místo</dt>
                    <dd>{[i.venue, i.town].filter(Boolean).join(', ')}</dd>
                  </>
                ) : null}
                <dt>Stav</dt>
                <dd>
                  <span className="badge">{i.statusLabel}</span>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {request}
    </section>
  );
}
