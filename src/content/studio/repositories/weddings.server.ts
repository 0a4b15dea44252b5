import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { studioWeddingSlugs, studioWeddings } from '@/db/schema';
import type { Tx } from './tx';

/** `studio_weddings` and `studio_wedding_slugs` (her weddings and their former slugs): their only owner. */

export type WeddingRow = typeof studioWeddings.$inferSelect;
export type NewWedding = Pick<typeof studioWeddings.$inferInsert, 'id' | 'slug' | 'couple' | 'weddingDate' | 'location' | 'shortDescription' | 'story' | 'year' | 'favorite'>;
/** The columns an edit may change (`updatedAt` is set here). */
export type WeddingChanges = Partial<
  Pick<WeddingRow, 'couple' | 'weddingDate' | 'location' | 'shortDescription' | 'story' | 'year' | 'favorite' | 'published' | 'coverPhotoId' | 'slug'>
>;

export interface WeddingListRow {
  id: string;
  slug: string;
  couple: string;
  date: string;
  location: string;
  published: boolean;
}

/** Every wedding, newest first. */
export async function listWeddingRows(db: Db): Promise<WeddingListRow[]> {
  return db
    .select({
      id: studioWeddings.id,
      slug: studioWeddings.slug,
      couple: studioWeddings.couple,
      date: studioWeddings.weddingDate,
      location: studioWeddings.location,
      published: studioWeddings.published,
    })
    .from(studioWeddings)
    .orderBy(sql`${studioWeddings.weddingDate} DESC`, asc(studioWeddings.id));
}

/** Every wedding's id and couple, newest first (then by id): the order the cover choices are listed in. */
export async function weddingCouplesNewestFirst(db: Db): Promise<{ id: string; couple: string }[]> {
  return db
    .select({ id: studioWeddings.id, couple: studioWeddings.couple })
    .from(studioWeddings)
    .orderBy(sql`${studioWeddings.weddingDate} DESC`, asc(studioWeddings.id));
}

export async function findWedding(db: Db, id: string): Promise<WeddingRow | null> {
  const [w] = await db.select().from(studioWeddings).where(eq(studioWeddings.id, id));
  return w ?? null;
}

export async function weddingExists(db: Db, id: string): Promise<boolean> {
  const [w] = await db.select({ id: studioWeddings.id }).from(studioWeddings).where(eq(studioWeddings.id, id));
  return Boolean(w);
}

/** Whether the wedding is published; null when there is no such wedding. */
export async function weddingPublished(db: Db, id: string): Promise<boolean | null> {
  const [w] = await db.select({ published: studioWeddings.published }).from(studioWeddings).where(eq(studioWeddings.id, id));
  return w ? w.published : null;
}

/** Taken by another wedding: as its current slug or as a former one. */
export async function weddingSlugTaken(db: Db, slug: string, exceptWeddingId?: string): Promise<boolean> {
  const current = await db
    .select({ id: studioWeddings.id })
    .from(studioWeddings)
    .where(exceptWeddingId ? and(eq(studioWeddings.slug, slug), ne(studioWeddings.id, exceptWeddingId)) : eq(studioWeddings.slug, slug));
  if (current.length) return true;
  const old = await db
    .select({ id: studioWeddingSlugs.weddingId })
    .from(studioWeddingSlugs)
    .where(exceptWeddingId ? and(eq(studioWeddingSlugs.slug, slug), ne(studioWeddingSlugs.weddingId, exceptWeddingId)) : eq(studioWeddingSlugs.slug, slug));
  return old.length > 0;
}

export async function insertWedding(db: Db, wedding: NewWedding): Promise<void> {
  await db.insert(studioWeddings).values(wedding);
}

/** The old URL keeps working (308 to the new one); a slug that comes back is no longer an old one. */
export async function keepFormerWeddingSlug(tx: Tx, weddingId: string, from: string, to: string): Promise<void> {
  await tx.delete(studioWeddingSlugs).where(eq(studioWeddingSlugs.slug, to));
  await tx.insert(studioWeddingSlugs).values({ slug: from, weddingId }).onConflictDoNothing();
}

export async function updateWeddingRow(db: Db | Tx, id: string, changes: WeddingChanges): Promise<void> {
  await db
    .update(studioWeddings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(studioWeddings.id, id));
}

/** False when there was no such wedding. */
export async function deleteWeddingRow(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(studioWeddings).where(eq(studioWeddings.id, id)).returning({ id: studioWeddings.id });
  return deleted.length > 0;
}

/** The wedding's cover is no longer `photoId` (when it was). */
export async function clearWeddingCover(db: Db | Tx, weddingId: string, photoId: string): Promise<void> {
  await db
    .update(studioWeddings)
    .set({ coverPhotoId: null, updatedAt: new Date() })
    .where(and(eq(studioWeddings.id, weddingId), eq(studioWeddings.coverPhotoId, photoId)));
}

/** Holds the wedding's row until the transaction ends (FOR UPDATE): changes to its photos run one after another. */
export async function lockWedding(tx: Tx, weddingId: string): Promise<void> {
  await tx.select({ id: studioWeddings.id }).from(studioWeddings).where(eq(studioWeddings.id, weddingId)).for('update');
}

/** A published wedding goes back to draft (nothing happens to a draft). */
export async function unpublishWedding(db: Db | Tx, weddingId: string): Promise<void> {
  await db
    .update(studioWeddings)
    .set({ published: false, updatedAt: new Date() })
    .where(and(eq(studioWeddings.id, weddingId), eq(studioWeddings.published, true)));
}

export async function publishedWeddingRows(db: Db): Promise<WeddingRow[]> {
  return db.select().from(studioWeddings).where(eq(studioWeddings.published, true));
}

/** The current slug of a published wedding that used to be reachable as `slug`, or null. */
export async function renamedWeddingSlug(db: Db, slug: string): Promise<string | null> {
  const rows = await db
    .select({ slug: studioWeddings.slug })
    .from(studioWeddingSlugs)
    .innerJoin(studioWeddings, eq(studioWeddings.id, studioWeddingSlugs.weddingId))
    .where(and(eq(studioWeddingSlugs.slug, slug), eq(studioWeddings.published, true)));
  return rows[0]?.slug ?? null;
}
