import 'server-only';
import { getDb } from '@/db/db.server';
import { formatCzechDateTime } from '@/platform/dates';
import { confirmCoupleAccountAction } from '../actions/confirm-account';
import { unconfirmedAccounts } from '../builtin/repository';
import { accountsConfig } from '../config';

/**
 * Couples' accounts waiting for the e-mail confirmation, each with "Potvrdit účet" — the way out when mail cannot
 * leave (no SMTP) or never arrived. Only for the built-in accounts; Strapi confirms its own.
 */
export async function UnconfirmedAccounts({ smtp }: { smtp: boolean }) {
  if (accountsConfig().source !== 'builtin') return null;
  const accounts = await unconfirmedAccounts(await getDb(), 50);
  return (
    <section aria-labelledby="unconfirmed-title" className="card" style={{ marginBlock: '1.5rem' }}>
      <h2 id="unconfirmed-title">Nepotvrzené účty párů</h2>
      <p>
        {smtp
          ? 'Páry potvrzují účet odkazem z e-mailu. Když jim e-mail nedošel, můžete účet potvrdit sama.'
          : 'Bez SMTP páru potvrzovací e-mail nedojde a bez potvrzení se nepřihlásí. Ověřte si, že účet patří páru, se kterým jste v kontaktu, a potvrďte ho sama.'}
      </p>
      {accounts.length ? (
        <ul style={{ display: 'grid', gap: '0.5rem', paddingLeft: 0, listStyle: 'none' }}>
          {accounts.map((a) => (
            <li key={a.id} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', alignItems: 'center' }}>
              <span>
                {a.email} <span className="muted">(registrace {formatCzechDateTime(a.createdAt)})</span>
              </span>
              <form action={confirmCoupleAccountAction}>
                <input type="hidden" name="userId" value={a.id} />
                <button type="submit" className="btn btn-small" aria-label={`Potvrdit účet ${a.email}`}>
                  Potvrdit účet
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Žádný účet nečeká na potvrzení.</p>
      )}
    </section>
  );
}
