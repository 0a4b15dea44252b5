import 'server-only';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '@/db/client';
import { inquiries, inquiryStatusHistory } from '@/db/schema';
import { newReference } from '../reference';
import { OPEN_STATUSES, STATUSES, isStatus, type InquiryStatus } from '../statuses';
import type { InquiryInput, InquiryKind } from '../input';
import type { InquiryDetail, InquiryListItem } from '../types';
import { listColumns, toDetail, toListItem } from './inquiry-rows.server';

/** The inquiries aggregate: storing, reading one, status transitions with date locks, hold expiry. */

export interface NewInquiry {
  kind: InquiryKind;
  input: InquiryInput;
  flags: string[];
  idempotencyKey: string | null;
  /** What was sent under the key (service: sha256 of kind + validated input). */
  idempotencyFingerprint: string | null;
  clientHash: string | null;
  /** The terms version in force when the inquiry arrived (content: ensureCurrentTermsVersion). */
  termsVersionId: number | null;
  actor: string;
  now: Date;
}

export interface KeyedInquiry {
  id: number;
  reference: string;
  fingerprint: string | null;
}

export class IdempotentReplay extends Error {
  constructor(public readonly existing: KeyedInquiry) {
    super(`Inquiry ${existing.reference} already stored under this idempotency key`);
  }
}

/** Inserts the inquiry and its first history entry in one transaction. */
export async function insertInquiry(db: Db, n: NewInquiry): Promise<{ id: number; reference: string }> {
  for (let attempt = 0; ; attempt++) {
    const reference = newReference(Number(n.now.toISOString().slice(0, 4)));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(inquiries)
          .values({
            reference,
            kind: n.kind,
            status: 'new',
            partner1: n.input.partner1,
            partner2: n.input.partner2 ?? null,
            email: n.input.email,
            phone: n.input.phone ?? null,
            weddingDate: n.input.weddingDate ?? null,
            venue: n.input.venue ?? null,
            town: n.input.town ?? null,
            ceremonyTime: n.input.ceremonyTime ?? null,
            guestCount: n.input.guestCount ?? null,
            packageId: n.input.packageId ?? null,
            hours: n.input.hours ?? null,
            message: n.input.message ?? null,
            source: n.input.source ?? null,
            consent: n.input.consent,
            marketingConsent: n.input.marketingConsent,
            flags: n.flags,
            idempotencyKey: n.idempotencyKey,
            idempotencyFingerprint: n.idempotencyFingerprint,
            clientHash: n.clientHash,
            termsVersionId: n.termsVersionId,
            createdAt: n.now,
            updatedAt: n.now,
          })
          .returning({ id: inquiries.id, reference: inquiries.reference });
        await tx.insert(inquiryStatusHistory).values({ inquiryId: row.id, fromStatus: null, toStatus: 'new', actor: n.actor, createdAt: n.now });
        return row;
      });
    } catch (err) {
      if (n.idempotencyKey && isUniqueViolation(err, 'inquiries_idempotency_key')) {
        const existing = await findByIdempotencyKey(db, n.idempotencyKey);
        if (existing) throw new IdempotentReplay(existing);
      }
      if (attempt < 8 && isUniqueViolation(err, 'inquiries_reference_key')) continue;
      throw err;
    }
  }
}

export async function findByIdempotencyKey(db: Db, key: string): Promise<KeyedInquiry | null> {
  const [row] = await db
    .select({ id: inquiries.id, reference: inquiries.reference, fingerprint: inquiries.idempotencyFingerprint })
    .from(inquiries)
    .where(eq(inquiries.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

export async function findInquiry(db: Db, id: number): Promise<InquiryDetail | null> {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  return row ? toDetail(row) : null;
}

export async function findInquiryByReference(db: Db, reference: string): Promise<InquiryDetail | null> {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.reference, reference)).limit(1);
  return row ? toDetail(row) : null;
}

/** Dates in [from, to] whose every slot is held or confirmed. Dates only: nothing about who. */
export async function takenDates(db: Db, from: string, to: string, capacity: number): Promise<string[]> {
  const rows = await db
    .select({ date: inquiries.weddingDate, n: count() })
    .from(inquiries)
    .where(and(inArray(inquiries.status, ['held', 'confirmed']), gte(inquiries.weddingDate, from), lte(inquiries.weddingDate, to)))
    .groupBy(inquiries.weddingDate)
    .orderBy(asc(inquiries.weddingDate));
  return rows.filter((r) => r.date && Number(r.n) >= capacity).map((r) => r.date as string);
}

async function usedSlots(db: Db, date: string): Promise<number[]> {
  const rows = await db
    .select({ slot: inquiries.slot })
    .from(inquiries)
    .where(and(eq(inquiries.weddingDate, date), inArray(inquiries.status, ['held', 'confirmed']), isNotNull(inquiries.slot)));
  return rows.map((r) => r.slot as number);
}

export type TransitionOutcome = { kind: 'ok' } | { kind: 'stale' } | { kind: 'conflict' };

export interface TransitionRequest {
  id: number;
  from: InquiryStatus;
  to: InquiryStatus;
  actor: string;
  note?: string | null;
  now: Date;
  /** Set when `to` locks the date and `from` did not: the date to lock and the day's capacity. */
  lock?: { date: string; capacity: number };
  holdExpiresAt?: Date | null;
}

/**
 * Moves one inquiry from `from` to `to`, guarded by its current status (optimistic: a concurrent change makes
 * this 'stale'). Taking the date relies on the partial unique index `inquiries_date_lock`: with several slots
 * per day each free slot is tried in turn; a unique violation on every slot means the date is taken.
 */
export async function transitionInquiry(db: Db, t: TransitionRequest): Promise<TransitionOutcome> {
  const locksDate = t.to === 'held' || t.to === 'confirmed';
  const keepsSlot = locksDate && (t.from === 'held' || t.from === 'confirmed');

  const attempt = async (slot: number | null | undefined): Promise<boolean> =>
    db.transaction(async (tx) => {
      const set: Partial<typeof inquiries.$inferInsert> = {
        status: t.to,
        updatedAt: t.now,
        holdExpiresAt: t.to === 'held' ? (t.holdExpiresAt ?? null) : null,
      };
      if (!locksDate) set.slot = null;
      else if (!keepsSlot) set.slot = slot ?? null;
      const updated = await tx
        .update(inquiries)
        .set(set)
        .where(and(eq(inquiries.id, t.id), eq(inquiries.status, t.from)))
        .returning({ id: inquiries.id });
      if (!updated.length) return false;
      await tx.insert(inquiryStatusHistory).values({ inquiryId: t.id, fromStatus: t.from, toStatus: t.to, actor: t.actor, note: t.note ?? null, createdAt: t.now });
      return true;
    });

  if (!locksDate || keepsSlot) return (await attempt(undefined)) ? { kind: 'ok' } : { kind: 'stale' };

  if (!t.lock) throw new Error(`Inquiry ${t.id}: locking a date needs the date and capacity`);
  for (let round = 0; round < 3; round++) {
    const used = new Set(await usedSlots(db, t.lock.date));
    const free = Array.from({ length: t.lock.capacity }, (_, i) => i).filter((s) => !used.has(s));
    if (!free.length) return { kind: 'conflict' };
    for (const slot of free) {
      try {
        return (await attempt(slot)) ? { kind: 'ok' } : { kind: 'stale' };
      } catch (err) {
        if (!isUniqueViolation(err, 'inquiries_date_lock')) throw err;
        // Someone took this slot a moment ago; try the next one.
      }
    }
  }
  return { kind: 'conflict' };
}

/**
 * The open inquiries (new, in talks, holding or confirmed) on any of `dates`, in arrival order: the list flags
 * a date asked for twice, the detail links them, a refused hold names who holds the date.
 */
export async function openInquiriesOn(db: Db, dates: readonly string[]): Promise<InquiryListItem[]> {
  if (!dates.length) return [];
  const rows = await db
    .select(listColumns)
    .from(inquiries)
    .where(and(inArray(inquiries.weddingDate, [...new Set(dates)]), inArray(inquiries.status, [...OPEN_STATUSES])))
    .orderBy(asc(inquiries.createdAt), asc(inquiries.id))
    .limit(500);
  return rows.map(toListItem);
}

/** Releases every hold past its expiry; returns the expired inquiries (for notifications and logs). */
export async function expireHolds(db: Db, now: Date): Promise<{ id: number; reference: string }[]> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(inquiries)
      .set({ status: 'expired', slot: null, holdExpiresAt: null, updatedAt: now })
      .where(and(eq(inquiries.status, 'held'), lte(inquiries.holdExpiresAt, now)))
      .returning({ id: inquiries.id, reference: inquiries.reference });
    if (expired.length) {
      await tx.insert(inquiryStatusHistory).values(
        expired.map((e) => ({ inquiryId: e.id, fromStatus: 'held', toStatus: 'expired', actor: 'systém (vypršení blokace)', createdAt: now })),
      );
    }
    return expired;
  });
}

export async function countByStatus(db: Db): Promise<Record<InquiryStatus, number>> {
  const rows = await db.select({ status: inquiries.status, n: count() }).from(inquiries).groupBy(inquiries.status);
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<InquiryStatus, number>;
  for (const r of rows) if (isStatus(r.status)) counts[r.status] = Number(r.n);
  return counts;
}

/** Held and confirmed weddings from `from` on, soonest first. */
export async function upcomingWeddings(db: Db, from: string, limit: number): Promise<InquiryListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(inquiries)
    .where(and(inArray(inquiries.status, ['held', 'confirmed']), gte(inquiries.weddingDate, from)))
    .orderBy(asc(inquiries.weddingDate))
    .limit(limit);
  return rows.map(toListItem);
}

export async function inquiriesWithStatus(db: Db, status: InquiryStatus, limit: number): Promise<InquiryListItem[]> {
  const rows = await db.select(listColumns).from(inquiries).where(eq(inquiries.status, status)).orderBy(desc(inquiries.createdAt)).limit(limit);
  return rows.map(toListItem);
}

/** Every held or confirmed wedding (the ICS feed). */
export async function lockedWeddings(db: Db): Promise<InquiryDetail[]> {
  const rows = await db.select().from(inquiries).where(inArray(inquiries.status, ['held', 'confirmed'])).orderBy(asc(inquiries.weddingDate));
  return rows.map(toDetail);
}


/** Moves the hold's end of a held inquiry (the deposit's due date decides it once a contract is accepted). */
export async function setHoldExpiry(db: Db, id: number, until: Date, actor: string, note: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(inquiries)
      .set({ holdExpiresAt: until, updatedAt: now })
      .where(and(eq(inquiries.id, id), eq(inquiries.status, 'held')))
      .returning({ id: inquiries.id });
    if (!updated.length) return false;
    await tx.insert(inquiryStatusHistory).values({ inquiryId: id, fromStatus: 'held', toStatus: 'held', actor, note, createdAt: now });
    return true;
  });
}
