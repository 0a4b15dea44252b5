import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { invoices } from '@/db/schema';
import type { InvoiceSnapshot } from '../snapshot';
import type { Tx } from './contracts.server';

/**
 * Invoices and their yearly counter: the only code that touches `invoices` and `invoice_counters`. The number is
 * taken in the same transaction that stores the invoice (the counter row stays locked until the commit), so two
 * issues never share a number and a failed issue leaves no gap.
 */
export interface InvoiceRecord {
  id: string;
  number: string;
  kind: 'deposit' | 'final';
  inquiryId: number | null;
  reference: string;
  amount: number;
  issuedOn: string;
  dueOn: string | null;
  paidOn: string | null;
  pdfSha256: string;
  snapshot: InvoiceSnapshot;
}

const columns = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  inquiryId: invoices.inquiryId,
  reference: invoices.reference,
  amount: invoices.amount,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  paidOn: invoices.paidOn,
  pdfSha256: invoices.pdfSha256,
  snapshot: invoices.snapshot,
  year: invoices.year,
  seq: invoices.seq,
};

function toInvoice(r: { [K in keyof typeof columns]: unknown }): InvoiceRecord {
  return {
    id: r.id as string,
    number: r.number as string,
    kind: r.kind as InvoiceRecord['kind'],
    inquiryId: r.inquiryId as number | null,
    reference: r.reference as string,
    amount: r.amount as number,
    issuedOn: r.issuedOn as string,
    dueOn: r.dueOn as string | null,
    paidOn: r.paidOn as string | null,
    pdfSha256: r.pdfSha256 as string,
    snapshot: r.snapshot as InvoiceSnapshot,
  };
}

/** Takes the next number of `year` (locks the counter row until the transaction ends). */
export async function nextInvoiceSeq(tx: Tx, year: number): Promise<number> {
  const rows = await tx.execute(
    sql`INSERT INTO invoice_counters (year, last) VALUES (${year}, 1) ON CONFLICT (year) DO UPDATE SET last = invoice_counters.last + 1 RETURNING last`,
  );
  return Number(rowsOf<{ last: number | string }>(rows)[0].last);
}

export async function insertInvoice(
  tx: Tx,
  i: { number: string; year: number; seq: number; kind: 'deposit' | 'final'; inquiryId: number; reference: string; amount: number; issuedOn: string; dueOn: string | null; paidOn: string | null; snapshot: InvoiceSnapshot; pdf: Buffer; pdfSha256: string; at: Date },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(invoices).values({
    id,
    number: i.number,
    year: i.year,
    seq: i.seq,
    kind: i.kind,
    inquiryId: i.inquiryId,
    reference: i.reference,
    amount: i.amount,
    issuedOn: i.issuedOn,
    dueOn: i.dueOn,
    paidOn: i.paidOn,
    snapshot: i.snapshot,
    pdf: i.pdf,
    pdfSha256: i.pdfSha256,
    createdAt: i.at,
  });
  return id;
}

export async function invoicesFor(db: Db, inquiryId: number): Promise<InvoiceRecord[]> {
  const rows = await db.select(columns).from(invoices).where(eq(invoices.inquiryId, inquiryId)).orderBy(asc(invoices.year), asc(invoices.seq));
  return rows.map(toInvoice);
}

export async function hasInvoice(db: Db | Tx, inquiryId: number, kind: 'deposit' | 'final'): Promise<boolean> {
  const rows = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.inquiryId, inquiryId), eq(invoices.kind, kind))).limit(1);
  return rows.length > 0;
}

export async function allInvoices(db: Db, year?: number): Promise<InvoiceRecord[]> {
  const rows = await db
    .select(columns)
    .from(invoices)
    .where(year ? eq(invoices.year, year) : undefined)
    .orderBy(desc(invoices.year), desc(invoices.seq));
  return rows.map(toInvoice);
}

export async function invoicePdfByNumber(db: Db, number: string): Promise<{ pdf: Buffer; number: string } | null> {
  const [row] = await db.select({ pdf: invoices.pdf, number: invoices.number }).from(invoices).where(eq(invoices.number, number)).limit(1);
  return row ?? null;
}
