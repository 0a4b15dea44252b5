import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireAdmin } from '@/accounts/guards.server';
import { getEnv } from '@/platform/env';
import { outboxData } from '@/bookings/admin-data.server';
import { formatCzechDateTime } from '@/platform/dates';
import { resendMailAction } from '@/bookings/actions/admin';
import styles from '@/bookings/ui/admin.module.css';
import { type SearchParams } from '@/platform/search-params';
import { UnconfirmedAccounts } from '@/accounts/ui/unconfirmed-accounts';
import { MAIL_STATUS } from './mail-status';

export const metadata: Metadata = { title: 'E-maily' };


export default async function MailOutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin();
  const sp = await searchParams;
  const onlyProblems = sp.problemy === '1';
  const { mails, counts, inquiryIds: links } = await outboxData(onlyProblems);
  const smtp = Boolean(getEnv().SMTP_URL);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>E-maily</h1>
      {!smtp ? (
        <div className="notice" data-testid="no-smtp">
          <p>
            <strong>Odesílání e-mailů není nastavené.</strong> E-maily (odpovědi párům, odkazy k účtům, upozornění na poptávky) se jen
            ukládají sem a nikomu neodcházejí; páry je nedostanou. Odesílání zapnete proměnnými prostředí <code>SMTP_URL</code> a{' '}
            <code>MAIL_FROM</code> a restartem serveru; uložené e-maily pak můžete odeslat tlačítkem „Odeslat“.
          </p>
        </div>
      ) : null}
      {sp.ucet === 'potvrzen' ? (
        <p className="notice notice-ok" role="status">
          Účet {typeof sp.email === 'string' ? sp.email : ''} je potvrzený; pár se teď může přihlásit.
        </p>
      ) : sp.ucet === 'chyba' ? (
        <p className="notice notice-error" role="alert">
          Účet se nepodařilo potvrdit (možná už potvrzený je).
        </p>
      ) : null}
      {sp.odeslano === '1' ? (
        <p className="notice notice-ok" role="status">
          E-mail je znovu zařazen k odeslání.
        </p>
      ) : null}
      <p>
        Odesláno: {counts.sent ?? 0} · uloženo: {counts.stored ?? 0} · čeká: {counts.pending ?? 0} · odesílá se: {counts.sending ?? 0} · selhalo: {counts.failed ?? 0}
      </p>
      <ul className="chips">
        <li>
          <Link className="chip" href="/admin/mail" aria-current={!onlyProblems ? 'true' : undefined}>
            Vše
          </Link>
        </li>
        <li>
          <Link className="chip" href="/admin/mail?problemy=1" aria-current={onlyProblems ? 'true' : undefined}>
            Jen problémy
          </Link>
        </li>
      </ul>
      {mails.length ? (
        <ul className={styles.cards} style={{ display: 'grid' }}>
          {mails.map((m) => (
            <li key={m.id} className={styles.cardItem}>
              <Link href={`/admin/mail/${m.id}`}>
                <strong>{m.subject}</strong>
              </Link>
              <span className={styles.small}>
                {formatCzechDateTime(m.createdAt)} · komu: {m.to} · {MAIL_STATUS[m.status] ?? m.status} · pokusů: {m.attempts}
              </span>
              {m.lastError ? <span className={styles.small}>Chyba: {m.lastError}</span> : null}
              {m.relatedId && links.has(m.relatedId) ? <Link href={`/admin/bookings/${links.get(m.relatedId)}`}>Poptávka {m.relatedId}</Link> : null}
              {m.status === 'failed' || m.status === 'pending' || (onlyProblems && m.status === 'sending') || (smtp && m.status === 'stored') ? (
                <form action={resendMailAction}>
                  <input type="hidden" name="mailId" value={m.id} />
                  <input type="hidden" name="back" value="/admin/mail" />
                  <button type="submit" className="btn btn-small">
                    {m.status === 'stored' ? 'Odeslat' : 'Odeslat znovu'}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Žádné e-maily.</p>
      )}
      <UnconfirmedAccounts smtp={smtp} />
    </div>
  );
}
