import { formatCzechDate, formatCzechDateTime } from '@/platform/dates';
import { formatKc } from '../money';
import type { DocumentsDto } from '../service.server';
import { FinalInvoiceButton, MarkPaidButton, SendContractForm } from './admin-actions';

const DEPOSIT_STATUS = { unpaid: 'nezaplacená', paid: 'zaplacená', expired: 'propadlá (blokace vypršela)' } as const;
const INVOICE_KIND = { deposit: 'Doklad o přijaté záloze', final: 'Konečná faktura' } as const;

/** The booking's paperwork in /admin/bookings/{id}: contract, deposit, invoices, the storno math. */
export function BookingDocuments({ bookingId, status, docs, packagePrice }: { bookingId: number; status: string; docs: DocumentsDto; packagePrice: number | null }) {
  const c = docs.contract;
  return (
    <section aria-labelledby="documents-title" className="card" data-testid="booking-documents">
      <h2 id="documents-title">Smlouva a platby</h2>
      {c ? (
        <dl>
          <dt>Smlouva</dt>
          <dd data-testid="contract-status">
            {c.status === 'accepted' ? `přijatá ${c.acceptedAt ? formatCzechDateTime(new Date(c.acceptedAt)) : ''} (${c.acceptedNames ?? ''})` : `odeslaná ${formatCzechDateTime(new Date(c.sentAt))}, čeká na přijetí`}
          </dd>
          <dt>Cena</dt>
          <dd>{formatKc(c.price)}</dd>
          {c.acceptedBy ? (
            <>
              <dt>Přijato</dt>
              <dd>{c.acceptedBy}</dd>
            </>
          ) : null}
          <dt>SHA-256 PDF</dt>
          <dd style={{ wordBreak: 'break-all', fontSize: '0.85rem' }}>{c.sha256}</dd>
        </dl>
      ) : (
        <p>Smlouva zatím nebyla odeslána.</p>
      )}
      {status === 'held' && c?.status !== 'accepted' ? <SendContractForm bookingId={bookingId} price={c?.price ?? packagePrice} resend={Boolean(c)} /> : null}
      {status !== 'held' && !c ? <p className="muted">Smlouvu pošlete, až bude termín blokován.</p> : null}

      {docs.deposit ? (
        <>
          <h3 style={{ marginTop: '1.5rem' }}>Záloha</h3>
          <dl>
            <dt>Částka</dt>
            <dd>{formatKc(docs.deposit.amount)}</dd>
            <dt>Variabilní symbol</dt>
            <dd>{docs.deposit.variableSymbol}</dd>
            <dt>Splatnost</dt>
            <dd>{formatCzechDate(docs.deposit.dueDate)}</dd>
            <dt>Stav</dt>
            <dd data-testid="deposit-status">
              {DEPOSIT_STATUS[docs.deposit.status]}
              {docs.deposit.paidAmount && docs.deposit.status !== 'paid' ? ` (přišlo ${formatKc(docs.deposit.paidAmount)})` : ''}
            </dd>
          </dl>
          {docs.deposit.status === 'unpaid' ? <MarkPaidButton bookingId={bookingId} /> : null}
        </>
      ) : null}

      <h3 style={{ marginTop: '1.5rem' }}>Faktury</h3>
      {docs.invoices.length ? (
        <ul data-testid="invoices">
          {docs.invoices.map((i) => (
            <li key={i.number}>
              <a href={`/api/admin/invoices/${encodeURIComponent(i.number)}`}>
                {INVOICE_KIND[i.kind]} {i.number}
              </a>{' '}
              – {formatKc(i.amount)}, vystaveno {formatCzechDate(i.issuedAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p>Zatím žádné.</p>
      )}
      {c?.status === 'accepted' && (status === 'confirmed' || status === 'done') && !docs.invoices.some((i) => i.kind === 'final') ? <FinalInvoiceButton bookingId={bookingId} /> : null}

      {docs.cancellation && (status === 'confirmed' || status === 'cancelled') ? (
        <>
          <h3 style={{ marginTop: '1.5rem' }}>{status === 'cancelled' ? 'Storno podle přijatých podmínek' : 'Kdyby snoubenci dnes zrušili'}</h3>
          <p data-testid="cancellation">
            {docs.cancellation.daysBefore} dní před svatbou: odstupné {docs.cancellation.percent} % = {formatKc(docs.cancellation.fee)}; zaplaceno {formatKc(docs.cancellation.paid)}.{' '}
            {docs.cancellation.refund > 0 ? `Vracím ${formatKc(docs.cancellation.refund)}.` : docs.cancellation.due > 0 ? `Snoubenci doplácejí ${formatKc(docs.cancellation.due)}.` : 'Nic se nevrací ani nedoplácí.'}
          </p>
        </>
      ) : null}
    </section>
  );
}
