import type { Metadata } from 'next';
import Link from 'next/link';
import { requireAdmin } from '@/accounts/guards.server';
import { getEnv } from '@/platform/env';
import { outboxData } from '@/bookings/admin-data.server';
import { formatCzechDateTime } from '@/platform/dates';
import { resendMailAction } from '@/bookings/actions/admin';
import styles from '@/bookings/ui/admin.module.css';
import { type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'E-maily' };

const MAIL_STATUS: Record<string, string> = { pending: 'Čeká', sending: 'Odesílá se', sent: 'Odesláno', stored: 'Uloženo', failed: 'Selhalo' };

export default async function MailOutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin();
  const sp = await searchParams;
  const onlyProblems = sp.problemy === '1';
  const { mails, counts, inquiryIds: links } = await outboxData(onlyProblems);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>E-maily</h1>
      {!getEnv().SMTP_URL ? (
        <p className="notice">SMTP není nastaveno (SMTP_URL): e-maily se jen ukládají sem a nikam se neodesílají.</p>
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
              <strong>{m.subject}</strong>
              <span className={styles.small}>
                {formatCzechDateTime(m.createdAt)} · komu: {m.to} · {MAIL_STATUS[m.status] ?? m.status} · pokusů: {m.attempts}
              </span>
              {m.lastError ? <span className={styles.small}>Chyba: {m.lastError}</span> : null}
              {m.relatedId && links.has(m.relatedId) ? <Link href={`/admin/bookings/${links.get(m.relatedId)}`}>Poptávka {m.relatedId}</Link> : null}
              {m.status === 'failed' || m.status === 'pending' || (onlyProblems && m.status === 'sending') ? (
                <form action={resendMailAction}>
                  <input type="hidden" name="mailId" value={m.id} />
                  <input type="hidden" name="back" value="/admin/mail" />
                  <button type="submit" className="btn btn-small">
                    Odeslat znovu
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Žádné e-maily.</p>
      )}
    </div>
  );
}
