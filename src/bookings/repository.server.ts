import 'server-only';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, rowsOf, type Db } from '@/db/client';
import { appSettings, inquiries, inquiryCounts, inquiryNotes, inquiryStatusHistory, mailOutbox } from '@/db/schema';
import { newReference } from './reference';
import { foldForSearch, SEARCH_SEPARATOR } from './search-text';
import { STATUSES, STATUS_LABELS, isStatus, type InquiryStatus } from './statuses';
import type { InquiryInput, InquiryKind } from './input';
import type { CoupleInquiry, InquiryDetail, InquiryListItem, InquiryNote, ListFilters, ListResult, OutboxMail, StatusChange } from './types';

/**
 * The only code that touches the bookings tables. Rows are mapped to DTOs here; nothing outside sees a row.
 */

type Row = typeof inquiries.$inferSelect;

function toDetail(r: Row): InquiryDetail {
  return {
    id: r.id,
    reference: r.reference,
    kind: r.kind as InquiryKind,
    status: isStatus(r.status) ? r.status : 'new',
    partner1: r.partner1,
    partner2: r.partner2,
    email: r.email,
    phone: r.phone,
    weddingDate: r.weddingDate,
    venue: r.venue,
    town: r.town,
    ceremonyTime: r.ceremonyTime,
    guestCount: r.guestCount,
    packageId: r.packageId,
    hours: r.hours,
    message: r.message,
    source: r.source,
    consent: r.consent,
    marketingConsent: r.marketingConsent,
    flags: r.flags ?? [],
    holdExpiresAt: r.holdExpiresAt,
    anonymizedAt: r.anonymizedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const listColumns = {
  id: inquiries.id,
  reference: inquiries.reference,
  kind: inquiries.kind,
  status: inquiries.status,
  partner1: inquiries.partner1,
  partner2: inquiries.partner2,
  email: inquiries.email,
  weddingDate: inquiries.weddingDate,
  town: inquiries.town,
  venue: inquiries.venue,
  packageId: inquiries.packageId,
  flags: inquiries.flags,
  holdExpiresAt: inquiries.holdExpiresAt,
  createdAt: inquiries.createdAt,
};

function toListItem(r: { [K in keyof typeof listColumns]: Row[K] }): InquiryListItem {
  return { ...r, kind: r.kind as InquiryKind, status: isStatus(r.status) ? r.status : 'new', flags: r.flags ?? [] };
}

export interface NewInquiry {
  kind: InquiryKind;
  input: InquiryInput;
  flags: string[];
  idempotencyKey: string | null;
  clientHash: string | null;
  actor: string;
  now: Date;
}

export class IdempotentReplay extends Error {
  constructor(public readonly existing: { id: number; reference: string }) {
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
            clientHash: n.clientHash,
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

export async function findByIdempotencyKey(db: Db, key: string): Promise<{ id: number; reference: string } | null> {
  const [row] = await db.select({ id: inquiries.id, reference: inquiries.reference }).from(inquiries).where(eq(inquiries.idempotencyKey, key)).limit(1);
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

/**
 * Anonymises inquiries that never became a booking (open: new, in_talks; closed: declined, cancelled, expired) whose
 * wedding (or, without a date, whose arrival) lies before `cutoff` (or those with the given `statuses`):
 * names, contacts, message and client hash go; date, town, package and status stay for statistics.
 */
export async function anonymiseClosedBefore(
  db: Db,
  cutoff: string,
  now: Date,
  statuses: readonly InquiryStatus[] = ['new', 'in_talks', 'declined', 'cancelled', 'expired'],
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(inquiries)
      .set(anonymisedFields(now))
      .where(
        and(
          // By default closed inquiries and open ones that never became a booking (the privacy notice promises both);
          // the maintenance job passes ['confirmed', 'done'] with the longer contract retention.
          inArray(inquiries.status, [...statuses]),
          isNull(inquiries.anonymizedAt),
          sql`coalesce(${inquiries.weddingDate}, (${inquiries.createdAt} at time zone 'Europe/Prague')::date) < ${cutoff}::date`,
        ),
      )
      .returning({ id: inquiries.id, reference: inquiries.reference });
    if (rows.length) {
      const ids = rows.map((r) => r.id);
      await tx.delete(inquiryNotes).where(inArray(inquiryNotes.inquiryId, ids));
      await tx.update(inquiryStatusHistory).set({ note: null }).where(inArray(inquiryStatusHistory.inquiryId, ids));
      await tx.delete(mailOutbox).where(inArray(mailOutbox.relatedId, rows.map((r) => r.reference)));
    }
    return rows.length;
  });
}

function anonymisedFields(now: Date): Partial<typeof inquiries.$inferInsert> {
  return {
    partner1: 'Anonymizováno',
    partner2: null,
    email: '',
    phone: null,
    venue: null,
    ceremonyTime: null,
    message: null,
    source: null,
    marketingConsent: false,
    clientHash: null,
    idempotencyKey: null,
    anonymizedAt: now,
    updatedAt: now,
  };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search term as the list applies it: trimmed and folded like `search_text` (lower case, no diacritics); blank
 * means no search (a bare `%%` would match every row).
 */
function searchTerm(f: Pick<ListFilters, 'q'>): string | null {
  const q = foldForSearch(f.q ?? '').trim();
  return q ? q : null;
}

/** `inquiries_flagged_created_idx` is partial on exactly this expression: keep the two identical. */
const isFlagged = sql<boolean>`cardinality(${inquiries.flags}) > 0`;

function listWhere(f: ListFilters, withStatus: boolean): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const q = searchTerm(f);
  if (q) {
    // Substring of names, e-mail, reference, venue or town, ignoring case and diacritics: the folded term in the
    // folded column (src/bookings/search-text.ts), answered from inquiries_search_text_trgm_idx (3+ characters).
    // A term holding the column separator would match across two columns, which no single column contains.
    parts.push(q.includes(SEARCH_SEPARATOR) ? sql`false` : like(inquiries.searchText, `%${escapeLike(q)}%`));
  }
  if (f.year) parts.push(and(gte(inquiries.weddingDate, `${f.year}-01-01`), lt(inquiries.weddingDate, `${f.year + 1}-01-01`)));
  if (f.flagged) parts.push(isFlagged);
  if (withStatus && f.status) parts.push(eq(inquiries.status, f.status));
  const defined = parts.filter((p): p is SQL => Boolean(p));
  return defined.length ? and(...defined) : undefined;
}

/** Number of inquiries per (status, flagged) under the list's search and year filters — not its status or flagged filter. */
type Tally = { status: string; flagged: boolean; n: number }[];

/**
 * Without a search, from `inquiry_counts` (kept by triggers, a few hundred rows at most) instead of counting up to
 * every inquiry; with one, one grouped count over the rows the trigram index finds.
 */
async function tally(db: Db, f: ListFilters): Promise<Tally> {
  if (!searchTerm(f)) {
    const rows = await db
      .select({ status: inquiryCounts.status, flagged: inquiryCounts.flagged, n: sql<string | number>`sum(${inquiryCounts.n})` })
      .from(inquiryCounts)
      .where(f.year ? eq(inquiryCounts.weddingYear, f.year) : undefined)
      .groupBy(inquiryCounts.status, inquiryCounts.flagged);
    return rows.map((r) => ({ status: r.status, flagged: r.flagged, n: Number(r.n) }));
  }
  const rows = await db
    .select({ status: inquiries.status, flagged: isFlagged, n: count() })
    .from(inquiries)
    .where(listWhere({ q: f.q, year: f.year }, false))
    .groupBy(inquiries.status, isFlagged);
  return rows.map((r) => ({ status: r.status, flagged: Boolean(r.flagged), n: Number(r.n) }));
}

export async function listInquiries(db: Db, f: ListFilters): Promise<ListResult> {
  const pageSize = Math.min(Math.max(f.pageSize ?? 25, 1), 100);
  // One statement gives the per-status counts, the flagged count and the total.
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<InquiryStatus, number>;
  let flaggedCount = 0;
  let total = 0;
  for (const r of await tally(db, f)) {
    if (isStatus(r.status)) counts[r.status] += r.n;
    if (r.flagged) flaggedCount += r.n;
    if ((!f.status || r.status === f.status) && (!f.flagged || r.flagged)) total += r.n;
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(f.page ?? 1, 1), pages);
  const order =
    f.sort === 'date-asc'
      ? { fwd: [sql`${inquiries.weddingDate} ASC NULLS LAST`, desc(inquiries.id)], back: [sql`${inquiries.weddingDate} DESC NULLS FIRST`, asc(inquiries.id)] }
      : f.sort === 'date-desc'
        ? { fwd: [sql`${inquiries.weddingDate} DESC NULLS LAST`, desc(inquiries.id)], back: [sql`${inquiries.weddingDate} ASC NULLS FIRST`, asc(inquiries.id)] }
        : f.sort === 'created-asc'
          ? { fwd: [asc(inquiries.createdAt), asc(inquiries.id)], back: [desc(inquiries.createdAt), desc(inquiries.id)] }
          : { fwd: [desc(inquiries.createdAt), desc(inquiries.id)], back: [asc(inquiries.createdAt), asc(inquiries.id)] };
  // OFFSET still walks every skipped entry, so: a page in the back half is read from the other end in reverse
  // order (every order ends in the unique id, so the reverse is exact) and no page skips more than half the rows;
  // and past the first page the skipping selects ids only (from the index alone where the filters allow), the
  // page's columns are then fetched for those ids.
  const offset = (page - 1) * pageSize;
  const onPage = Math.max(0, Math.min(pageSize, total - offset));
  const after = total - offset - onPage;
  const back = after < offset;
  const [dir, limit, skip] = back ? [order.back, onPage, after] : [order.fwd, pageSize, offset];
  const where = listWhere(f, true);
  const ids = db.select({ id: inquiries.id }).from(inquiries).where(where).orderBy(...dir).limit(limit).offset(skip).as('page_ids');
  const rows =
    skip === 0
      ? await db.select(listColumns).from(inquiries).where(where).orderBy(...dir).limit(limit)
      : await db.select(listColumns).from(inquiries).innerJoin(ids, eq(inquiries.id, ids.id)).orderBy(...dir);
  if (back) rows.reverse();
  return { items: rows.map(toListItem), total, page, pageSize, pages, counts, flaggedCount };
}

/**
 * Folds `inquiry_counts` into one row per key once the triggers have appended `minSurplus` rows beyond that
 * (maintenance, each minute). Rows appended by transactions that commit meanwhile are not seen, so not deleted.
 */
export async function compactInquiryCounts(db: Db, minSurplus = 200): Promise<number> {
  const [state] = rowsOf<{ rows: number | string; keys: number | string }>(
    await db.execute(sql`SELECT count(*) AS rows, (SELECT count(*) FROM (SELECT 1 FROM inquiry_counts GROUP BY status, flagged, wedding_year) k) AS keys FROM inquiry_counts`),
  );
  const surplus = Number(state.rows) - Number(state.keys);
  if (surplus < minSurplus) return 0;
  await db.execute(sql`
    WITH gone AS (DELETE FROM inquiry_counts RETURNING status, flagged, wedding_year, n)
    INSERT INTO inquiry_counts (status, flagged, wedding_year, n)
    SELECT status, flagged, wedding_year, sum(n) FROM gone GROUP BY status, flagged, wedding_year HAVING sum(n) <> 0`);
  return surplus;
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

/** Everything for the CSV export, in arrival order. */
export async function allInquiries(db: Db, f: Pick<ListFilters, 'status' | 'year' | 'q'>): Promise<InquiryDetail[]> {
  const rows = await db.select().from(inquiries).where(listWhere(f, true)).orderBy(asc(inquiries.createdAt), asc(inquiries.id));
  return rows.map(toDetail);
}

export async function statusHistory(db: Db, inquiryId: number): Promise<StatusChange[]> {
  const rows = await db.select().from(inquiryStatusHistory).where(eq(inquiryStatusHistory.inquiryId, inquiryId)).orderBy(asc(inquiryStatusHistory.createdAt), asc(inquiryStatusHistory.id));
  return rows.map((r) => ({
    id: r.id,
    fromStatus: isStatus(r.fromStatus) ? r.fromStatus : null,
    toStatus: isStatus(r.toStatus) ? r.toStatus : 'new',
    actor: r.actor,
    note: r.note,
    createdAt: r.createdAt,
  }));
}

export async function addNote(db: Db, inquiryId: number, author: string, body: string, now: Date): Promise<void> {
  await db.insert(inquiryNotes).values({ inquiryId, author, body, createdAt: now });
}

export async function notesOf(db: Db, inquiryId: number): Promise<InquiryNote[]> {
  const rows = await db.select().from(inquiryNotes).where(eq(inquiryNotes.inquiryId, inquiryId)).orderBy(asc(inquiryNotes.createdAt), asc(inquiryNotes.id));
  return rows.map((r) => ({ id: r.id, author: r.author, body: r.body, createdAt: r.createdAt }));
}

/** The couple's portal: their inquiries by e-mail, as DTOs without internal fields. */
export async function listInquiriesForEmail(db: Db, email: string): Promise<CoupleInquiry[]> {
  const rows = await db
    .select()
    .from(inquiries)
    .where(and(eq(sql`lower(${inquiries.email})`, email.trim().toLowerCase()), isNull(inquiries.anonymizedAt)))
    .orderBy(desc(inquiries.createdAt));
  return rows.map((r) => {
    const status = isStatus(r.status) ? r.status : 'new';
    return {
      reference: r.reference,
      kind: r.kind as InquiryKind,
      status,
      statusLabel: STATUS_LABELS[status],
      weddingDate: r.weddingDate,
      venue: r.venue,
      town: r.town,
      packageId: r.packageId,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** GDPR export: every stored record about one e-mail address. */
export async function dataForEmail(db: Db, email: string) {
  const addr = email.trim().toLowerCase();
  const rows = await db.select().from(inquiries).where(eq(sql`lower(${inquiries.email})`, addr)).orderBy(asc(inquiries.createdAt));
  const ids = rows.map((r) => r.id);
  const history = ids.length ? await db.select().from(inquiryStatusHistory).where(inArray(inquiryStatusHistory.inquiryId, ids)).orderBy(asc(inquiryStatusHistory.id)) : [];
  const notes = ids.length ? await db.select().from(inquiryNotes).where(inArray(inquiryNotes.inquiryId, ids)).orderBy(asc(inquiryNotes.id)) : [];
  const mails = await db
    .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.toAddress})`, addr))
    .orderBy(asc(mailOutbox.id));
  return {
    inquiries: rows.map((r) => {
      const d = toDetail(r);
      return {
        ...d,
        history: history.filter((h) => h.inquiryId === r.id).map((h) => ({ from: h.fromStatus, to: h.toStatus, actor: h.actor, note: h.note, at: h.createdAt })),
        notes: notes.filter((n) => n.inquiryId === r.id).map((n) => ({ author: n.author, body: n.body, at: n.createdAt })),
      };
    }),
    mails,
  };
}

/** GDPR erasure: deletes the inquiries (history and notes cascade) and the mails about/to the address. */
export async function eraseEmail(db: Db, email: string): Promise<{ inquiries: number; mails: number }> {
  const addr = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const gone = await tx.delete(inquiries).where(eq(sql`lower(${inquiries.email})`, addr)).returning({ reference: inquiries.reference });
    const refs = gone.map((g) => g.reference);
    const mails = await tx
      .delete(mailOutbox)
      .where(refs.length ? or(eq(sql`lower(${mailOutbox.toAddress})`, addr), inArray(mailOutbox.relatedId, refs)) : eq(sql`lower(${mailOutbox.toAddress})`, addr))
      .returning({ id: mailOutbox.id });
    return { inquiries: gone.length, mails: mails.length };
  });
}

function toOutbox(r: typeof mailOutbox.$inferSelect): OutboxMail {
  return {
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    relatedId: r.relatedId,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  };
}

export async function mailsFor(db: Db, reference: string): Promise<OutboxMail[]> {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, reference)).orderBy(asc(mailOutbox.id));
  return rows.map(toOutbox);
}

export async function recentMails(db: Db, limit: number, onlyProblems: boolean): Promise<OutboxMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(onlyProblems ? or(eq(mailOutbox.status, 'failed'), and(eq(mailOutbox.status, 'pending'), sql`${mailOutbox.attempts} > 0`)) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map(toOutbox);
}

export async function mailCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Puts a failed or pending mail back in the queue, due now. */
export async function requeueMail(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: now, attempts: 0 })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'pending'])))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** A generated setting (secret tokens); concurrent first calls agree on one value. */
export async function settingOrCreate(db: Db, key: string, generate: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}

export async function replaceSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

/** Runs `fn` only if this instance wins the lock for the duration of one transaction (scheduled jobs). */
export async function withJobLock(db: Db, lockId: number, fn: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${lockId}) AS ok`);
    const [row] = rowsOf<{ ok: boolean }>(res);
    if (!row?.ok) return false;
    await fn(tx as unknown as Db);
    return true;
  });
}
