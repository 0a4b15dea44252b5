import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { requireAdmin } from '@/accounts/guards.server';
import { resendMailAction } from '@/bookings/actions/admin';
import styles from '@/bookings/ui/admin.module.css';
import { getDb } from '@/db/db.server';
import { formatCzechDateTime } from '@/platform/dates';
import { getEnv } from '@/platform/env';
import { outboxMail } from '@/platform/mail-outbox.server';
import { type SearchParams } from '@/platform/search-params';
import { MAIL_STATUS } from '../mail-status';

export const metadata: Metadata = { title: 'E-mail' };

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** One mail of the outbox as its recipient got it (or would get it): the text, the attachments, what happened to it. */
export default async function MailPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  await requireAdmin();
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) notFound();
  const mail = await outboxMail(await getDb(), parsed.data);
  if (!mail) notFound();
  const smtp = Boolean(getEnv().SMTP_URL);
  const canSend = mail.status === 'failed' || mail.status === 'pending' || (smtp && mail.status === 'stored');
  return (
    <div className={`container ${styles.shell}`}>
      <p>
        <Link href="/admin/mail">← Všechny e-maily</Link>
      </p>
      <h1>{mail.subject}</h1>
      {sp.odeslano === '1' ? (
        <p className="notice notice-ok" role="status">
          E-mail je znovu zařazen k odeslání.
        </p>
      ) : null}
      <dl className={styles.small}>
        <dt>Komu</dt>
        <dd data-testid="mail-to">{mail.to}</dd>
        <dt>Vytvořen</dt>
        <dd>{formatCzechDateTime(mail.createdAt)}</dd>
        <dt>Stav</dt>
        <dd data-testid="mail-status">
          {MAIL_STATUS[mail.status] ?? mail.status}
          {mail.sentAt && mail.status === 'sent' ? ` (${formatCzechDateTime(mail.sentAt)})` : ''} · pokusů: {mail.attempts}
        </dd>
        {mail.lastError ? (
          <>
            <dt>Poslední chyba</dt>
            <dd>{mail.lastError}</dd>
          </>
        ) : null}
      </dl>
      {mail.status === 'stored' ? (
        <p className="notice">
          {smtp
            ? 'Tento e-mail vznikl, když odesílání nebylo nastavené; adresát ho nedostal. Teď ho můžete odeslat.'
            : 'Tento e-mail je jen uložený: SMTP není nastavené (SMTP_URL), adresát ho nedostal.'}
        </p>
      ) : null}
      {canSend ? (
        <form action={resendMailAction}>
          <input type="hidden" name="mailId" value={mail.id} />
          <input type="hidden" name="back" value={`/admin/mail/${mail.id}`} />
          <button type="submit" className="btn btn-small">
            {mail.status === 'stored' ? 'Odeslat' : 'Odeslat znovu'}
          </button>
        </form>
      ) : null}
      <h2>Text e-mailu</h2>
      <pre data-testid="mail-text" tabIndex={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', background: '#fff', border: '1px solid var(--line)', padding: '1rem', borderRadius: 'var(--radius)' }}>
        {mail.text}
      </pre>
      {mail.attachments.length ? (
        <>
          <h2>Přílohy</h2>
          <ul>
            {mail.attachments.map((a) => (
              <li key={a.filename}>
                {a.filename} ({a.contentType})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
