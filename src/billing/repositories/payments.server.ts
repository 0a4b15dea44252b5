import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bankCsvMappings, bankPayments } from '@/db/schema';
import type { Tx } from './contracts.server';

/** Bank payments read from statements, and the saved CSV column mapping: the only code that touches these tables. */

export interface PaymentRecord {
  id: string;
  fingerprint: string;
  bookedOn: string;
  amountHalers: number;
  variableSymbol: string | null;
  counterAccount: string | null;
  counterName: string | null;
  message: string | null;
  bankReference: string | null;
  source: string;
  status: 'new' | 'applied' | 'ignored';
  inquiryId: number | null;
  appliedAt: Date | null;
}

function toPayment(r: typeof bankPayments.$inferSelect): PaymentRecord {
  return {
    id: r.id,
    fingerprint: r.fingerprint,
    bookedOn: r.bookedOn,
    amountHalers: r.amountHalers,
    variableSymbol: r.variableSymbol,
    counterAccount: r.counterAccount,
    counterName: r.counterName,
    message: r.message,
    bankReference: r.bankReference,
    source: r.source,
    status: r.status as PaymentRecord['status'],
    inquiryId: r.inquiryId,
    appliedAt: r.appliedAt,
  };
}

export type NewPayment = Omit<PaymentRecord, 'id' | 'status' | 'inquiryId' | 'appliedAt'>;

/** Stores each payment once (by fingerprint) and returns every one of them as stored — new or seen before. */
export async function upsertPayments(db: Db, payments: NewPayment[], now: Date): Promise<PaymentRecord[]> {
  if (!payments.length) return [];
  await db
    .insert(bankPayments)
    .values(payments.map((p) => ({ ...p, id: randomUUID(), status: 'new', createdAt: now })))
    .onConflictDoNothing({ target: bankPayments.fingerprint });
  const rows = await db.select().from(bankPayments).where(inArray(bankPayments.fingerprint, payments.map((p) => p.fingerprint)));
  const byPrint = new Map(rows.map((r) => [r.fingerprint, toPayment(r)]));
  return payments.map((p) => byPrint.get(p.fingerprint)).filter((p): p is PaymentRecord => p !== undefined);
}

export async function findPayment(db: Db, id: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(bankPayments).where(eq(bankPayments.id, id)).limit(1);
  return row ? toPayment(row) : null;
}

/** Claims a new payment for an inquiry (inside the caller's transaction); false when it was applied already. */
export async function claimPayment(tx: Tx, id: string, inquiryId: number, by: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(bankPayments)
    .set({ status: 'applied', inquiryId, appliedAt: at, appliedBy: by })
    .where(and(eq(bankPayments.id, id), eq(bankPayments.status, 'new')))
    .returning({ id: bankPayments.id });
  return rows.length > 0;
}

/** A payment she records by hand (cash, another account): stored already applied. */
export async function insertManualPayment(tx: Tx, p: NewPayment & { inquiryId: number; by: string; at: Date }): Promise<string> {
  const id = randomUUID();
  await tx.insert(bankPayments).values({ ...p, id, status: 'applied', inquiryId: p.inquiryId, appliedAt: p.at, appliedBy: p.by, createdAt: p.at });
  return id;
}

export async function paymentsFor(db: Db, inquiryId: number): Promise<PaymentRecord[]> {
  const rows = await db.select().from(bankPayments).where(eq(bankPayments.inquiryId, inquiryId));
  return rows.map(toPayment);
}

export async function loadCsvMapping(db: Db): Promise<unknown> {
  const [row] = await db.select({ mapping: bankCsvMappings.mapping }).from(bankCsvMappings).where(eq(bankCsvMappings.id, 1)).limit(1);
  return row?.mapping ?? null;
}

export async function saveCsvMapping(db: Db, mapping: unknown, now: Date): Promise<void> {
  await db
    .insert(bankCsvMappings)
    .values({ id: 1, mapping, updatedAt: now })
    .onConflictDoUpdate({ target: bankCsvMappings.id, set: { mapping, updatedAt: now } });
}
