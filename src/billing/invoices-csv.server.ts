import 'server-only';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '@/db/client';
import { allInvoices } from './repositories/invoices.server';

/** The invoices for the accountant: Excel-friendly CSV (UTF-8 with BOM, `;`), Czech headers, one row per invoice. */
export async function invoicesCsv(db: Db, year?: number): Promise<string> {
  const rows = (await allInvoices(db, year)).reverse();
  const kind = { deposit: 'Záloha (doklad o přijaté platbě)', final: 'Vyúčtování' } as const;
  return stringify(
    rows.map((i) => [
      i.number,
      kind[i.kind],
      i.issuedOn,
      i.dueOn ?? '',
      i.paidOn ?? '',
      i.reference,
      i.snapshot.variableSymbol,
      i.snapshot.customer.names.join(' a '),
      i.snapshot.customer.email,
      i.amount,
      'CZK',
      i.snapshot.supplier.vatLabel,
      i.pdfSha256,
    ]),
    {
      bom: true,
      delimiter: ';',
      header: true,
      columns: ['Číslo', 'Druh', 'Vystaveno', 'Splatnost', 'Uhrazeno', 'Rezervace', 'Variabilní symbol', 'Odběratel', 'E-mail', 'Částka', 'Měna', 'DPH', 'SHA-256 PDF'],
    },
  );
}
