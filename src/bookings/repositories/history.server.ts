import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inquiryNotes, inquiryStatusHistory } from '@/db/schema';
import { isStatus } from '../statuses';
import type { InquiryNote, StatusChange } from '../types';

/** An inquiry's status history and the photographer's notes. */

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

