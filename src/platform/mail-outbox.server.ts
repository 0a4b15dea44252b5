import 'server-only';
import { and, asc, count, desc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mailOutbox } from '@/db/schema';

/**
 * The mail outbox's read side and upkeep (the admin's view, re-queueing, GDPR export and erasure); writing and
 * delivering is in mail.server.ts. Together they are the only code that touches `mail_outbox`.
 */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  relatedId: string | null;
  createdAt: Date;
  sentAt: Date | null;
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

/** Mails about one record (`related_id`, e.g. an inquiry's reference). */
export async function mailsFor(db: Db, reference: string): Promise<OutboxMail[]> {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, reference)).orderBy(asc(mailOutbox.id));
  return rows.map(toOutbox);
}

export async function recentMails(db: Db, limit: number, onlyProblems: boolean, now = new Date()): Promise<OutboxMail[]> {
  // Problems: failed, waiting for a retry, or stuck in `sending` past its lease (the sending instance crashed).
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      onlyProblems
        ? or(
            eq(mailOutbox.status, 'failed'),
            and(eq(mailOutbox.status, 'pending'), sql`${mailOutbox.attempts} > 0`),
            and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.nextAttemptAt, now)),
          )
        : undefined,
    )
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map(toOutbox);
}

export async function mailCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Puts a failed or pending mail back in the queue, due now; with `stored` also one that was only stored because no
 * SMTP server was configured when it was written (now that one is).
 */
export async function requeueMail(db: Db, id: number, now: Date, opts: { stored?: boolean } = {}): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: now, attempts: 0 })
    .where(
      and(
        eq(mailOutbox.id, id),
        or(inArray(mailOutbox.status, opts.stored ? ['failed', 'pending', 'stored'] : ['failed', 'pending']), and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.nextAttemptAt, now))),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}


/** Every mail sent to an address (lower-cased), oldest first: the GDPR export. */
export async function mailsToAddress(db: Db, address: string) {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.toAddress})`, address))
    .orderBy(asc(mailOutbox.id));
}

/**
 * Deletes the mails of one owner: kinds starting with `kindPrefix` recorded under one of `relatedIds` (an account's
 * mails when the account is deleted). Returns how many went.
 */
export async function deleteOwnedMails(db: Db, which: { kindPrefix: string; relatedIds: string[] }): Promise<number> {
  if (!which.relatedIds.length) return 0;
  const gone = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.relatedId, which.relatedIds), like(mailOutbox.kind, `${which.kindPrefix.replace(/[%_\\]/g, '\\$&')}%`)))
    .returning({ id: mailOutbox.id });
  return gone.length;
}

/** Deletes the mails to `address` (lower-cased) and/or about `relatedIds`; returns how many went. */
export async function deleteMails(db: Db, which: { address?: string; relatedIds?: string[] }): Promise<number> {
  const parts = [
    which.address ? eq(sql`lower(${mailOutbox.toAddress})`, which.address) : undefined,
    which.relatedIds?.length ? inArray(mailOutbox.relatedId, which.relatedIds) : undefined,
  ].filter((p) => p !== undefined);
  if (!parts.length) return 0;
  const gone = await db.delete(mailOutbox).where(or(...parts)).returning({ id: mailOutbox.id });
  return gone.length;
}

export interface OutboxMailFull extends OutboxMail {
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string }[];
}

/** One mail as it was sent (or stored): what the recipient got. */
export async function outboxMail(db: Db, id: number): Promise<OutboxMailFull | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return null;
  return {
    ...toOutbox(row),
    text: row.text,
    html: row.html,
    attachments: (row.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
  };
}
