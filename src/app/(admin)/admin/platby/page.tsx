import type { Metadata } from 'next';
import { requireAdmin } from '@/accounts/public.server';
import { openDeps } from '@/bookings/public.server';
import { CsvMappingForm, getCsvMapping, invoiceList, StatementUpload } from '@/billing/public.server';
import styles from '@/bookings/ui/admin.module.css';
import { formatCzechDate } from '@/platform/dates';

export const metadata: Metadata = { title: 'Platby a faktury' };

const czk = (n: number) => new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 }).format(n);
const KIND = { deposit: 'Záloha', final: 'Vyúčtování' } as const;

/** /admin/platby — bank statements (matching and confirmation), the CSV mapping, issued invoices and their export. */
export default async function PaymentsPage() {
  await requireAdmin();
  const { db } = await openDeps();
  const [mapping, invoices] = await Promise.all([getCsvMapping(db), invoiceList(db)]);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Platby a faktury</h1>
      <section aria-labelledby="statement-title" className="card" style={{ marginBottom: '1.5rem' }}>
        <h2 id="statement-title">Výpis z banky</h2>
        <p>Nahrajte výpis – platby spáruji podle variabilního symbolu a částky. Nic se nezapočítá, dokud výběr nepotvrdíte; stejný výpis nahraný podruhé nic nezmění.</p>
        <StatementUpload />
      </section>
      <section aria-labelledby="invoices-title" className="card" style={{ marginBottom: '1.5rem' }}>
        <h2 id="invoices-title">Vystavené faktury</h2>
        <p>
          <a href="/admin/export/invoices.csv">Stáhnout CSV pro účetní</a>
        </p>
        {invoices.length ? (
          <ul data-testid="invoice-list">
            {invoices.map((i) => (
              <li key={i.number}>
                <a href={`/api/admin/invoices/${encodeURIComponent(i.number)}`}>{i.number}</a> – {KIND[i.kind]}, {i.reference}, {czk(i.amount)}, vystaveno {formatCzechDate(i.issuedOn)}
              </li>
            ))}
          </ul>
        ) : (
          <p>Zatím žádné.</p>
        )}
      </section>
      <section aria-labelledby="mapping-title" className="card">
        <h2 id="mapping-title">Mapování sloupců pro výpisy CSV</h2>
        <p>Zadejte názvy sloupců z prvního řádku výpisu vaší banky. Stačí jednou.</p>
        <CsvMappingForm initial={mapping as Record<string, string> | null} />
      </section>
    </div>
  );
}
