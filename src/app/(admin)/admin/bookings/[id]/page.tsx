import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import { inquiryDetail } from '@/bookings/admin-data.server';
import { formatCzechDate, formatCzechDateTime } from '@/platform/dates';
import { FIELD_LABELS, SOURCE_OPTIONS } from '@/bookings/input';
import { packageName } from '@/bookings/packages';
import { STATUS_LABELS, TRANSITIONS } from '@/bookings/statuses';
import { NoteForm, StatusForm } from '@/bookings/ui/admin-forms';
import { resendMailAction } from '@/bookings/actions/admin';
import { FlagBadges, SameDateBadge, StatusBadge } from '@/bookings/ui/status-badge';
import styles from '@/bookings/ui/admin.module.css';
import { openDeps } from '@/bookings/public.server';
import { BookingDocuments, documentsOf } from '@/billing/public.server';
import { getPricing } from '@/site/public.server';
import { galleriesOfInquiry, galleryDeps } from '@/galleries/public.server';

export const metadata: Metadata = { title: 'Detail poptávky' };

const KIND_LABELS = { full: 'Rezervační formulář', simple: 'Rychlá poptávka', contact: 'Kontaktní formulář' } as const;
const MAIL_STATUS: Record<string, string> = { pending: 'čeká na odeslání', sending: 'odesílá se', sent: 'odesláno', stored: 'uloženo (SMTP není nastaveno)', failed: 'selhalo' };

export default async function InquiryDetailPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id: raw } = await params;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) notFound();
  const detail = await inquiryDetail(id);
  if (!detail) notFound();
  const { inquiry, history, notes, mails, sameDate } = detail;
  const docs = await documentsOf((await openDeps()).db, inquiry.id);
  const packagePrice = getPricing().packages.find((p) => p.id === inquiry.packageId)?.price ?? null;
  const galleries = await galleriesOfInquiry(await galleryDeps(), inquiry.id);
  const rows: [string, string | null][] = [
    ['Číslo poptávky', inquiry.reference],
    ['Formulář', KIND_LABELS[inquiry.kind]],
    [FIELD_LABELS.partner1, inquiry.partner1],
    [FIELD_LABELS.partner2, inquiry.partner2],
    [FIELD_LABELS.email, inquiry.email || null],
    [FIELD_LABELS.phone, inquiry.phone],
    [FIELD_LABELS.weddingDate, inquiry.weddingDate ? formatCzechDate(inquiry.weddingDate) : null],
    [FIELD_LABELS.venue, inquiry.venue],
    [FIELD_LABELS.town, inquiry.town],
    [FIELD_LABELS.ceremonyTime, inquiry.ceremonyTime],
    [FIELD_LABELS.guestCount, inquiry.guestCount?.toString() ?? null],
    [FIELD_LABELS.packageId, packageName(inquiry.packageId)],
    [FIELD_LABELS.hours, inquiry.hours?.toString() ?? null],
    [FIELD_LABELS.source, SOURCE_OPTIONS.find((o) => o.value === inquiry.source)?.label ?? inquiry.source],
    [FIELD_LABELS.message, inquiry.message],
    [FIELD_LABELS.consent, inquiry.consent ? 'ano' : 'ne'],
    [FIELD_LABELS.marketingConsent, inquiry.marketingConsent ? 'ano' : 'ne'],
    ['Přišlo', formatCzechDateTime(inquiry.createdAt)],
    ['Blokace vyprší', inquiry.holdExpiresAt ? formatCzechDateTime(inquiry.holdExpiresAt) : null],
    ['Anonymizováno', inquiry.anonymizedAt ? formatCzechDateTime(inquiry.anonymizedAt) : null],
  ];
  const couple = inquiry.partner2 ? `${inquiry.partner1} & ${inquiry.partner2}` : inquiry.partner1;
  return (
    <div className={`container ${styles.shell}`}>
      <p>
        <Link href="/admin/bookings">← Zpět na poptávky</Link>
      </p>
      <h1>{couple}</h1>
      <p className={styles.flags}>
        <StatusBadge status={inquiry.status} />
        <FlagBadges flags={inquiry.flags} />
        <SameDateBadge others={sameDate.length} />
      </p>
      <div className={styles.detail}>
        <section aria-labelledby="fields-title" className="card">
          <h2 id="fields-title">Údaje z poptávky</h2>
          <dl className={styles.dl}>
            {rows.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{k}</dt>
                <dd>{v ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div style={{ display: 'grid', gap: '1.5rem' }}>
          <section aria-labelledby="status-title" className="card">
            <h2 id="status-title">Stav: {STATUS_LABELS[inquiry.status]}</h2>
            {inquiry.anonymizedAt ? <p className="muted">Poptávka je anonymizovaná.</p> : <StatusForm id={inquiry.id} allowed={[...TRANSITIONS[inquiry.status]]} />}
          </section>
          {sameDate.length && inquiry.weddingDate ? (
            <section aria-labelledby="same-date-title" className="card">
              <h2 id="same-date-title">Stejné datum: {formatCzechDate(inquiry.weddingDate)}</h2>
              <p>Na tento den se ptají i další otevřené poptávky:</p>
              <ul>
                {sameDate.map((o) => (
                  <li key={o.id}>
                    <Link href={`/admin/bookings/${o.id}`}>
                      {o.partner2 ? `${o.partner1} & ${o.partner2}` : o.partner1} ({o.reference})
                    </Link>{' '}
                    <StatusBadge status={o.status} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {inquiry.anonymizedAt ? null : <BookingDocuments bookingId={inquiry.id} status={inquiry.status} docs={docs} packagePrice={packagePrice} />}
          <section aria-labelledby="gallery-title" className="card">
            <h2 id="gallery-title">Galerie fotografií</h2>
            {galleries.length ? (
              <ul>
                {galleries.map((g) => (
                  <li key={g.id}>
                    <Link href={`/admin/galerie/${g.id}`}>{g.title}</Link> ({g.published ? 'zveřejněná' : 'skrytá'})
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                K poptávce zatím není galerie. <Link href={`/admin/galerie?poptavka=${inquiry.id}`}>Založit galerii</Link>
              </p>
            )}
          </section>
          <section aria-labelledby="notes-title" className="card">
            <h2 id="notes-title">Poznámky</h2>
            {notes.length ? (
              <ul className={styles.timeline}>
                {notes.map((n) => (
                  <li key={n.id}>
                    <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{n.body}</p>
                    <span className={styles.small}>
                      {n.author}, {formatCzechDateTime(n.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Zatím žádné poznámky.</p>
            )}
            <NoteForm id={inquiry.id} />
          </section>
          <section aria-labelledby="history-title" className="card">
            <h2 id="history-title">Historie</h2>
            <ol className={styles.timeline}>
              {history.map((h) => (
                <li key={h.id}>
                  {h.fromStatus ? `${STATUS_LABELS[h.fromStatus]} → ` : 'Přijato jako '}
                  <strong>{STATUS_LABELS[h.toStatus]}</strong>
                  {h.note ? <span> – {h.note}</span> : null}
                  <br />
                  <span className={styles.small}>
                    {h.actor}, {formatCzechDateTime(h.createdAt)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="mails-title" className="card">
            <h2 id="mails-title">E-maily</h2>
            {mails.length ? (
              <ul className={styles.timeline}>
                {mails.map((m) => (
                  <li key={m.id}>
                    <strong>{m.subject}</strong>
                    <br />
                    <span className={styles.small}>
                      komu: {m.to} · {MAIL_STATUS[m.status] ?? m.status} · pokusů: {m.attempts}
                      {m.lastError ? ` · chyba: ${m.lastError}` : ''}
                    </span>
                    <form action={resendMailAction}>
                      <input type="hidden" name="mailId" value={m.id} />
                      <input type="hidden" name="back" value={`/admin/bookings/${inquiry.id}`} />
                      {m.status === 'failed' || m.status === 'pending' ? (
                        <button type="submit" className="btn btn-small">
                          Odeslat znovu
                        </button>
                      ) : null}
                    </form>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Žádné e-maily.</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
