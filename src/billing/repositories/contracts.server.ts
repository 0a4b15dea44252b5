import 'server-only';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { contracts, deposits } from '@/db/schema';
import { contractSnapshotSchema, type ContractSnapshot } from '../snapshot';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Contracts and their deposits: the only code that touches these two tables. Rows never leave as rows. */

export interface ContractRecord {
  id: string;
  inquiryId: number;
  status: 'sent' | 'accepted' | 'void';
  price: number;
  depositAmount: number;
  snapshot: ContractSnapshot;
  sentPdfSha256: string;
  sentAt: Date;
  acceptedAt: Date | null;
  acceptedNames: string | null;
  acceptedBy: string | null;
  signedPdfSha256: string | null;
}

export interface DepositRecord {
  contractId: string;
  inquiryId: number;
  amount: number;
  variableSymbol: string;
  dueDate: string;
  status: 'unpaid' | 'paid' | 'expired' | 'void';
  paidHalers: number;
  paidAt: Date | null;
  remindersSent: number;
  createdAt: Date;
}

type ContractRow = typeof contracts.$inferSelect;
const contractColumns = {
  id: contracts.id,
  inquiryId: contracts.inquiryId,
  status: contracts.status,
  price: contracts.price,
  depositAmount: contracts.depositAmount,
  snapshot: contracts.snapshot,
  sentPdfSha256: contracts.sentPdfSha256,
  sentAt: contracts.sentAt,
  acceptedAt: contracts.acceptedAt,
  acceptedNames: contracts.acceptedNames,
  acceptedBy: contracts.acceptedBy,
  signedPdfSha256: contracts.signedPdfSha256,
};

function toContract(r: Omit<ContractRow, 'signedPdf' | 'sentBy' | 'acceptedClientHash'>): ContractRecord {
  return {
    id: r.id,
    inquiryId: r.inquiryId,
    status: r.status as ContractRecord['status'],
    price: r.price,
    depositAmount: r.depositAmount,
    snapshot: contractSnapshotSchema.parse(r.snapshot),
    sentPdfSha256: r.sentPdfSha256,
    sentAt: r.sentAt,
    acceptedAt: r.acceptedAt,
    acceptedNames: r.acceptedNames,
    acceptedBy: r.acceptedBy,
    signedPdfSha256: r.signedPdfSha256,
  };
}

function toDeposit(r: typeof deposits.$inferSelect): DepositRecord {
  return { ...r, status: r.status as DepositRecord['status'] };
}

export async function findContract(db: Db, id: string): Promise<ContractRecord | null> {
  const [row] = await db.select(contractColumns).from(contracts).where(eq(contracts.id, id)).limit(1);
  return row ? toContract(row) : null;
}

/** The live (sent or accepted) contract of an inquiry, else the newest one. */
export async function currentContract(db: Db, inquiryId: number): Promise<ContractRecord | null> {
  const [row] = await db
    .select(contractColumns)
    .from(contracts)
    .where(eq(contracts.inquiryId, inquiryId))
    .orderBy(sql`case when ${contracts.status} = 'void' then 1 else 0 end`, desc(contracts.sentAt))
    .limit(1);
  return row ? toContract(row) : null;
}

export async function liveContractsFor(db: Db, inquiryIds: number[]): Promise<ContractRecord[]> {
  if (!inquiryIds.length) return [];
  const rows = await db
    .select(contractColumns)
    .from(contracts)
    .where(and(inArray(contracts.inquiryId, inquiryIds), inArray(contracts.status, ['sent', 'accepted'])));
  return rows.map(toContract);
}

export class ContractAlreadyAccepted extends Error {}

/** Voids a sent (not accepted) contract of the inquiry and stores the new one, in one transaction. */
export async function insertContract(
  db: Db,
  c: { id: string; inquiryId: number; price: number; depositAmount: number; snapshot: ContractSnapshot; sentPdfSha256: string; sentAt: Date; sentBy: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const accepted = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.inquiryId, c.inquiryId), eq(contracts.status, 'accepted')))
      .for('update');
    if (accepted.length) throw new ContractAlreadyAccepted(`Inquiry ${c.inquiryId}: a contract is already accepted`);
    await tx.update(contracts).set({ status: 'void' }).where(and(eq(contracts.inquiryId, c.inquiryId), eq(contracts.status, 'sent')));
    await tx.insert(contracts).values({ ...c, status: 'sent' });
  });
}

/**
 * Accepts a sent contract and creates its deposit, once: the update is guarded by `status = 'sent'`, so of two
 * acceptances at the same moment exactly one wins (the other gets false).
 */
export async function acceptContract(
  db: Db,
  a: { id: string; names: string; by: string; clientHash: string | null; at: Date; signedPdf: Buffer; signedPdfSha256: string; deposit: Omit<DepositRecord, 'status' | 'paidHalers' | 'paidAt' | 'remindersSent'> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(contracts)
      .set({ status: 'accepted', acceptedAt: a.at, acceptedNames: a.names, acceptedBy: a.by, acceptedClientHash: a.clientHash, signedPdf: a.signedPdf, signedPdfSha256: a.signedPdfSha256 })
      .where(and(eq(contracts.id, a.id), eq(contracts.status, 'sent')))
      .returning({ id: contracts.id });
    if (!updated.length) return false;
    await tx.insert(deposits).values({ ...a.deposit, status: 'unpaid', paidHalers: 0, remindersSent: 0 });
    return true;
  });
}

export async function signedPdf(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ pdf: contracts.signedPdf }).from(contracts).where(eq(contracts.id, id)).limit(1);
  return row?.pdf ?? null;
}

export async function depositOf(db: Db, contractId: string): Promise<DepositRecord | null> {
  const [row] = await db.select().from(deposits).where(eq(deposits.contractId, contractId)).limit(1);
  return row ? toDeposit(row) : null;
}

/** Deposits (not void) carrying a variable symbol, newest first. */
export async function depositsByVs(db: Db, vs: string): Promise<DepositRecord[]> {
  const rows = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.variableSymbol, vs), inArray(deposits.status, ['unpaid', 'paid', 'expired'])))
    .orderBy(desc(deposits.createdAt));
  return rows.map(toDeposit);
}

export async function depositForInquiry(db: Db, inquiryId: number): Promise<DepositRecord | null> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.inquiryId, inquiryId), inArray(deposits.status, ['unpaid', 'paid', 'expired'])))
    .orderBy(desc(deposits.createdAt))
    .limit(1);
  return row ? toDeposit(row) : null;
}

/**
 * Adds a received amount to the deposit (inside the caller's transaction); returns the deposit after it. Marks it
 * paid when the sum reaches the amount.
 */
export async function addToDeposit(tx: Tx, contractId: string, halers: number, at: Date): Promise<DepositRecord> {
  const reached = sql`${deposits.paidHalers} + ${halers} >= ${deposits.amount} * 100`;
  const [row] = await tx
    .update(deposits)
    .set({
      paidHalers: sql`${deposits.paidHalers} + ${halers}`,
      status: sql`case when ${reached} then 'paid' else ${deposits.status} end`,
      paidAt: sql`case when ${reached} and ${deposits.paidAt} is null then ${at.toISOString()}::timestamptz else ${deposits.paidAt} end`,
    })
    .where(eq(deposits.contractId, contractId))
    .returning();
  return toDeposit(row);
}

/** Unpaid deposits due on or before `day` (reminders and expiry). */
export async function unpaidDepositsDueBy(db: Db, day: string): Promise<DepositRecord[]> {
  const rows = await db.select().from(deposits).where(and(eq(deposits.status, 'unpaid'), lte(deposits.dueDate, day)));
  return rows.map(toDeposit);
}

/** Records that reminder stage `stage` went out; false when another instance already did it. */
export async function markReminder(db: Db, contractId: string, stage: number, expire = false): Promise<boolean> {
  const rows = await db
    .update(deposits)
    .set(expire ? { remindersSent: stage, status: 'expired' } : { remindersSent: stage })
    .where(and(eq(deposits.contractId, contractId), eq(deposits.status, 'unpaid'), sql`${deposits.remindersSent} < ${stage}`))
    .returning({ id: deposits.contractId });
  return rows.length > 0;
}
