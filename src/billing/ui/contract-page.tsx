import QRCode from 'qrcode';
import { formatCzechDate, formatCzechDateTimeLong } from '@/platform/dates';
import { getEnv } from '@/platform/env';
import { formatKc } from '../money';
import type { ContractView } from '../service.server';
import { AcceptContractForm } from './accept-form';

/** The couple's contract page: the text they accept, then the signed state with the deposit and its QR Platba code. */
export async function ContractPage({ view, token }: { view: ContractView; token: string }) {
  const s = view.snapshot;
  const base = `/smlouva/${token}`;
  const qr = view.deposit && view.deposit.status === 'unpaid' ? await QRCode.toDataURL(view.deposit.spayd, { errorCorrectionLevel: 'M', margin: 2, width: 280 }) : null;
  return (
    <div className="container-narrow section">
      <p className="eyebrow">Rezervace {s.reference}</p>
      <h1>{s.title}</h1>
      {view.status === 'accepted' ? (
        <p className="notice notice-ok" role="status" data-testid="contract-accepted">
          Smlouvu jste přijali {view.acceptedAt ? formatCzechDateTimeLong(new Date(view.acceptedAt)) : ''} ({view.acceptedNames}).{' '}
          {getEnv().SMTP_URL ? 'Podepsané PDF jsem vám poslala e-mailem.' : 'Podepsané PDF si stáhněte níže na této stránce.'}
        </p>
      ) : null}

      {view.deposit ? (
        <section className="card" aria-labelledby="deposit-title" style={{ margin: '2rem 0' }} data-testid="deposit">
          <h2 id="deposit-title" style={{ fontSize: '1.5rem' }}>
            Záloha
          </h2>
          {view.deposit.status === 'paid' ? (
            <p className="notice notice-ok">Záloha {formatKc(view.deposit.amount)} je zaplacená. Děkuji, termín je váš.</p>
          ) : view.deposit.status === 'expired' ? (
            <p className="notice notice-error">Záloha nedorazila do dne splatnosti a blokace termínu vypršela. Napište mi prosím.</p>
          ) : (
            <>
              <dl>
                <dt>Částka</dt>
                <dd data-testid="deposit-amount">{formatKc(view.deposit.amount)}</dd>
                <dt>Splatnost</dt>
                <dd>{formatCzechDate(view.deposit.dueDate)}</dd>
                <dt>Číslo účtu</dt>
                <dd>{s.supplier.bankAccount}</dd>
                <dt>IBAN</dt>
                <dd>{s.supplier.iban}</dd>
                <dt>Variabilní symbol</dt>
                <dd data-testid="deposit-vs">{view.deposit.variableSymbol}</dd>
              </dl>
              {qr ? (
                <figure style={{ margin: '1rem 0' }}>
                  {/* A data URL made on the server: the QR code is the payment itself, not an optimisable photo. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={qr} width={280} height={280} alt={`QR Platba: ${formatKc(view.deposit.amount)} na účet ${s.supplier.bankAccount}, variabilní symbol ${view.deposit.variableSymbol}`} data-testid="qr-platba" />
                  <figcaption>Naskenujte kód v aplikaci své banky (QR Platba).</figcaption>
                </figure>
              ) : null}
            </>
          )}
          <p>
            <a href={`${base}/zalohova-faktura.pdf`}>Zálohová faktura (PDF)</a>
          </p>
        </section>
      ) : null}

      <p>
        <a href={`${base}/smlouva.pdf`}>{view.status === 'accepted' ? 'Podepsaná smlouva (PDF)' : 'Smlouva ke stažení (PDF)'}</a>
      </p>

      <article aria-label="Text smlouvy" className="card" style={{ margin: '2rem 0' }}>
        <p>
          <strong>Cena celkem: {formatKc(s.price)}</strong>, záloha {formatKc(s.deposit.amount)} ({s.deposit.percent}\u00a0%)
        </p>
        {s.sections.map((section) => (
          <section key={section.title}>
            <h2 style={{ fontSize: '1.2rem', marginTop: '1.5rem' }}>{section.title}</h2>
            {section.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ))}
      </article>

      {view.status === 'sent' ? (
        view.closedReason ? (
          <p className="notice notice-error" role="alert" data-testid="contract-closed">
            {view.closedReason}
          </p>
        ) : (
          <section aria-labelledby="accept-title">
            <h2 id="accept-title" style={{ fontSize: '1.5rem' }}>
              Přijetí smlouvy
            </h2>
            <AcceptContractForm token={token} />
          </section>
        )
      ) : null}
    </div>
  );
}
