import Link from 'next/link';
import type { SessionUser } from '../session-user';

/**
 * The couple's own inquiries, linked by their confirmed e-mail. The list itself comes from the bookings domain
 * (listInquiriesForEmail), which lands separately; until then the section explains where inquiries will appear.
 */
export async function CoupleInquiries({ user }: { user: SessionUser }) {
  return (
    <section aria-labelledby="inquiries-title" style={{ marginTop: '3rem' }}>
      <h2 id="inquiries-title" style={{ fontSize: '1.6rem' }}>
        Vaše poptávky
      </h2>
      {user.confirmed ? (
        <p>
          Poptávky odeslané z adresy {user.email} se zobrazí zde. <Link href="/rezervace">Poslat novou poptávku</Link>
        </p>
      ) : (
        <p className="notice" role="status">
          Poptávky zobrazíme, jakmile potvrdíte svůj e-mail. <Link href="/ucet/potvrzeni">Poslat potvrzovací odkaz znovu</Link>
        </p>
      )}
    </section>
  );
}
