import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inquiries, inquiryNotes, inquiryStatusHistory } from '@/db/schema';
import { deleteMails, mailsToAddress } from '@/platform/mail-outbox.server';
import { toDetail } from './inquiry-rows.server';
import type { InquiryStatus } from '../statuses';

/** Personal data: retention (anonymising closed inquiries), export and erasure per e-mail address. */

/**
 * Anonymises inquiries that never became a booking (open: new, in_talks; closed: declined, cancelled, expired) — or
 * those with the given `statuses` — whose wedding (or, without a date, whose arrival) lies before `cutoff`:
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
      await deleteMails(tx, { relatedIds: rows.map((r) => r.reference) });
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

/** GDPR export: every stored record about one e-mail address. */
export async function dataForEmail(db: Db, email: string) {
  const addr = email.trim().toLowerCase();
  const rows = await db.select().from(inquiries).where(eq(sql`lower(${inquiries.email})`, addr)).orderBy(asc(inquiries.createdAt));
  const ids = rows.map((r) => r.id);
  const history = ids.length ? await db.select().from(inquiryStatusHistory).where(inArray(inquiryStatusHistory.inquiryId, ids)).orderBy(asc(inquiryStatusHistory.id)) : [];
  const notes = ids.length ? await db.select().from(inquiryNotes).where(inArray(inquiryNotes.inquiryId, ids)).orderBy(asc(inquiryNotes.id)) : [];
  const mails = await mailsToAddress(db, addr);
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
    const mails = await deleteMails(tx, { address: addr, relatedIds: refs });
    return { inquiries: gone.length, mails };
  });
}


/**
 * Of the given e-mail addresses (compared case-insensitively), those with an inquiry whose wedding falls on or after
 * `sinceDate` (a calendar day, YYYY-MM-DD). The accounts domain asks this before deleting idle couples' accounts.
 */
export async function emailsWithWeddingSince(db: Db, emails: readonly string[], sinceDate: string): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${inquiries.email})` })
    .from(inquiries)
    .where(and(inArray(sql`lower(${inquiries.email})`, lowered), sql`${inquiries.weddingDate} >= ${sinceDate}::date`));
  return new Set(rows.map((r) => r.email));
}
