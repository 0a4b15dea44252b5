import 'server-only';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { galleryActivity, galleryConsents, galleryFavorites, galleryMails, gallerySelectionPhotos, gallerySelections, galleryVisitors } from '@/db/schema';

/** The only code that touches the couple's-side tables (migration 0110). */

export type VisitorKind = 'couple' | 'guest';

export interface VisitorRecord {
  id: string;
  galleryId: string;
  kind: VisitorKind;
  codeHash: string;
  email: string | null;
}

export async function insertVisitor(db: Db, v: VisitorRecord & { tokenHash: string }): Promise<void> {
  await db.insert(galleryVisitors).values({ id: v.id, tokenHash: v.tokenHash, galleryId: v.galleryId, kind: v.kind, codeHash: v.codeHash, email: v.email });
}

export async function visitorByTokenHash(db: Db, tokenHash: string): Promise<VisitorRecord | null> {
  const [row] = await db
    .select({ id: galleryVisitors.id, galleryId: galleryVisitors.galleryId, kind: galleryVisitors.kind, codeHash: galleryVisitors.codeHash, email: galleryVisitors.email })
    .from(galleryVisitors)
    .where(eq(galleryVisitors.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function touchVisitor(db: Db, id: string, now: Date): Promise<void> {
  await db.update(galleryVisitors).set({ lastSeenAt: now }).where(eq(galleryVisitors.id, id));
}

/** Ties a visitor to an e-mail and moves the favourites they hearted before into that e-mail's (merging devices). */
export async function setVisitorEmail(db: Db, galleryId: string, visitorId: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(galleryVisitors).set({ email }).where(eq(galleryVisitors.id, visitorId));
    await tx.execute(sql`
      INSERT INTO gallery_favorites (gallery_id, owner, photo_id, created_at)
      SELECT gallery_id, ${`e:${email}`}, photo_id, created_at FROM gallery_favorites
      WHERE gallery_id = ${galleryId} AND owner = ${`v:${visitorId}`}
      ON CONFLICT DO NOTHING`);
    await tx.delete(galleryFavorites).where(and(eq(galleryFavorites.galleryId, galleryId), eq(galleryFavorites.owner, `v:${visitorId}`)));
  });
}

export async function addFavorite(db: Db, galleryId: string, owner: string, photoId: string): Promise<boolean> {
  const rows = await db.insert(galleryFavorites).values({ galleryId, owner, photoId }).onConflictDoNothing().returning({ photoId: galleryFavorites.photoId });
  return rows.length > 0;
}

export async function removeFavorite(db: Db, galleryId: string, owner: string, photoId: string): Promise<boolean> {
  const rows = await db
    .delete(galleryFavorites)
    .where(and(eq(galleryFavorites.galleryId, galleryId), eq(galleryFavorites.owner, owner), eq(galleryFavorites.photoId, photoId)))
    .returning({ photoId: galleryFavorites.photoId });
  return rows.length > 0;
}

export async function favoriteIds(db: Db, galleryId: string, owner: string): Promise<string[]> {
  const rows = await db
    .select({ photoId: galleryFavorites.photoId })
    .from(galleryFavorites)
    .where(and(eq(galleryFavorites.galleryId, galleryId), eq(galleryFavorites.owner, owner)))
    .orderBy(asc(galleryFavorites.createdAt), asc(galleryFavorites.photoId));
  return rows.map((r) => r.photoId);
}

/** How many favourites each owner has (the admin's overview). */
export async function favoriteCounts(db: Db, galleryId: string): Promise<{ owner: string; count: number }[]> {
  const rows = await db
    .select({ owner: galleryFavorites.owner, count: count() })
    .from(galleryFavorites)
    .where(eq(galleryFavorites.galleryId, galleryId))
    .groupBy(galleryFavorites.owner);
  return rows.map((r) => ({ owner: r.owner, count: Number(r.count) }));
}

export interface SelectionRecord {
  submittedAt: Date | null;
  submittedBy: string | null;
  reopenedAt: Date | null;
  photoIds: string[];
}

export async function selectionOf(db: Db, galleryId: string): Promise<SelectionRecord> {
  const [row] = await db.select().from(gallerySelections).where(eq(gallerySelections.galleryId, galleryId)).limit(1);
  const photos = await db
    .select({ photoId: gallerySelectionPhotos.photoId })
    .from(gallerySelectionPhotos)
    .where(eq(gallerySelectionPhotos.galleryId, galleryId))
    .orderBy(asc(gallerySelectionPhotos.createdAt), asc(gallerySelectionPhotos.photoId));
  return { submittedAt: row?.submittedAt ?? null, submittedBy: row?.submittedBy ?? null, reopenedAt: row?.reopenedAt ?? null, photoIds: photos.map((p) => p.photoId) };
}

export type SelectionChange = 'added' | 'present' | 'removed' | 'absent' | 'full' | 'submitted';

/**
 * Adds or removes a photo of the album selection under a row lock on the gallery's selection, so two devices
 * adding at once never pass the limit together; a submitted selection does not change.
 */
export async function changeSelection(db: Db, galleryId: string, photoId: string, add: boolean, limit: number | null, by: string | null): Promise<SelectionChange> {
  return db.transaction(async (tx) => {
    await tx.insert(gallerySelections).values({ galleryId }).onConflictDoNothing();
    const [sel] = await tx.select({ submittedAt: gallerySelections.submittedAt }).from(gallerySelections).where(eq(gallerySelections.galleryId, galleryId)).for('update');
    if (sel?.submittedAt) return 'submitted';
    if (!add) {
      const gone = await tx
        .delete(gallerySelectionPhotos)
        .where(and(eq(gallerySelectionPhotos.galleryId, galleryId), eq(gallerySelectionPhotos.photoId, photoId)))
        .returning({ photoId: gallerySelectionPhotos.photoId });
      return gone.length > 0 ? 'removed' : 'absent';
    }
    const [existing] = await tx
      .select({ photoId: gallerySelectionPhotos.photoId })
      .from(gallerySelectionPhotos)
      .where(and(eq(gallerySelectionPhotos.galleryId, galleryId), eq(gallerySelectionPhotos.photoId, photoId)));
    if (existing) return 'present';
    if (limit !== null) {
      const [c] = await tx.select({ n: count() }).from(gallerySelectionPhotos).where(eq(gallerySelectionPhotos.galleryId, galleryId));
      if (Number(c?.n ?? 0) >= limit) return 'full';
    }
    await tx.insert(gallerySelectionPhotos).values({ galleryId, photoId, addedBy: by });
    await tx.update(gallerySelections).set({ updatedAt: new Date() }).where(eq(gallerySelections.galleryId, galleryId));
    return 'added';
  });
}

/** Marks the selection submitted; false when it already was (or is empty). */
export async function submitSelection(db: Db, galleryId: string, by: string, now: Date): Promise<'submitted' | 'already' | 'empty'> {
  return db.transaction(async (tx) => {
    await tx.insert(gallerySelections).values({ galleryId }).onConflictDoNothing();
    const [sel] = await tx.select({ submittedAt: gallerySelections.submittedAt }).from(gallerySelections).where(eq(gallerySelections.galleryId, galleryId)).for('update');
    if (sel?.submittedAt) return 'already';
    const [c] = await tx.select({ n: count() }).from(gallerySelectionPhotos).where(eq(gallerySelectionPhotos.galleryId, galleryId));
    if (Number(c?.n ?? 0) === 0) return 'empty';
    await tx.update(gallerySelections).set({ submittedAt: now, submittedBy: by, updatedAt: now }).where(eq(gallerySelections.galleryId, galleryId));
    return 'submitted';
  });
}

export async function reopenSelection(db: Db, galleryId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(gallerySelections)
    .set({ submittedAt: null, submittedBy: null, reopenedAt: now, updatedAt: now })
    .where(and(eq(gallerySelections.galleryId, galleryId), sql`${gallerySelections.submittedAt} IS NOT NULL`))
    .returning({ galleryId: gallerySelections.galleryId });
  return rows.length > 0;
}

export interface ConsentRecord {
  given: boolean;
  email: string | null;
  answeredAt: Date;
}

export async function consentOf(db: Db, galleryId: string): Promise<ConsentRecord | null> {
  const [row] = await db.select({ given: galleryConsents.given, email: galleryConsents.email, answeredAt: galleryConsents.answeredAt }).from(galleryConsents).where(eq(galleryConsents.galleryId, galleryId));
  return row ?? null;
}

export async function saveConsent(db: Db, galleryId: string, given: boolean, email: string | null, visitorId: string, now: Date): Promise<void> {
  await db
    .insert(galleryConsents)
    .values({ galleryId, given, email, visitorId, answeredAt: now })
    .onConflictDoUpdate({ target: galleryConsents.galleryId, set: { given, email, visitorId, answeredAt: now } });
}

export interface ActivityRecord {
  at: Date;
  kind: string;
  visitorId: string | null;
  email: string | null;
  detail: string;
  bytes: number | null;
}

export async function logActivity(db: Db, galleryId: string, a: Omit<ActivityRecord, 'at'> & { at?: Date }): Promise<void> {
  await db.insert(galleryActivity).values({ galleryId, at: a.at ?? new Date(), kind: a.kind, visitorId: a.visitorId, email: a.email, detail: a.detail.slice(0, 500), bytes: a.bytes });
}

export async function activityOf(db: Db, galleryId: string, limit: number): Promise<ActivityRecord[]> {
  return db
    .select({ at: galleryActivity.at, kind: galleryActivity.kind, visitorId: galleryActivity.visitorId, email: galleryActivity.email, detail: galleryActivity.detail, bytes: galleryActivity.bytes })
    .from(galleryActivity)
    .where(eq(galleryActivity.galleryId, galleryId))
    .orderBy(desc(galleryActivity.at), desc(galleryActivity.id))
    .limit(limit);
}

export async function activityCounts(db: Db, galleryId: string): Promise<Record<string, number>> {
  const rows = await db.select({ kind: galleryActivity.kind, n: count() }).from(galleryActivity).where(eq(galleryActivity.galleryId, galleryId)).groupBy(galleryActivity.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}

/** Records a mail about to go out; false when that (kind, key) was already recorded (each goes once). */
export async function claimGalleryMail(db: Db, galleryId: string, kind: string, key: string): Promise<boolean> {
  const rows = await db.insert(galleryMails).values({ galleryId, kind, key }).onConflictDoNothing().returning({ key: galleryMails.key });
  return rows.length > 0;
}

export async function mailsSent(db: Db, galleryId: string, kinds: string[]): Promise<{ kind: string; key: string; sentAt: Date }[]> {
  return db
    .select({ kind: galleryMails.kind, key: galleryMails.key, sentAt: galleryMails.sentAt })
    .from(galleryMails)
    .where(and(eq(galleryMails.galleryId, galleryId), inArray(galleryMails.kind, kinds)))
    .orderBy(desc(galleryMails.sentAt));
}
