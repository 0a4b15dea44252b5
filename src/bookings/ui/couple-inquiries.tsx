import Link from 'next/link';
import { coupleInquiries } from '@/bookings/admin-data.server';
import { formatCzechDate } from '@/platform/dates';

/**
 * The couple's own inquiries, linked by their e-mail — only once that e-mail is confirmed (otherwise anyone
 * could register someone else's address and read their inquiries). The list comes from the bookings domain as
 * DTOs without internal fields.
 */
export async function CoupleInquiries({ user }: { user: { email: string; confirmed: boolean } }) {
  if (!user.confirmed) {
    return (
      <section aria-labelledby="inquiries-title" style={{ marginTop: '3rem' }}>
        <h2 id="inquiries-title" style={{ fontSize: '1.6rem' }}>
          Vaše poptávky
        </h2>
        <p className="notice" role="status">
          Poptávky vám ukážu, jakmile potvrdíte svůj e-mail. <Link href="/ucet/potvrzeni">Poslat potvrzovací odkaz znovu</Link>
        </p>
      </section>
    );
  }
  const items = await coupleInquiries(user.email);
  return (
    <section aria-labelledby="inquiries-title" style={{ marginTop: '3rem' }}>
      <h2 id="inquiries-title" style={{ fontSize: '1.6rem' }}>
        Vaše poptávky
      </h2>
      {items.length === 0 ? (
        <p>
          Z adresy {user.email} mi zatím žádná poptávka nepřišla. <Link href="/rezervace">Poslat poptávku</Link>
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
    </section>
  );
}
