import 'server-only';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { studioPhotos } from '@/db/schema';
import type { Tx } from './tx';

/**
 * `studio_photos`: where a studio photo is shown (a wedding, at a position, or none for the site's own photos) and how
 * it is described. Its only owner; the photo itself (processing state, sizes) belongs to the photo module.
 */

export type PhotoRow = typeof studioPhotos.$inferSelect;
export type PhotoChanges = Partial<Pick<PhotoRow, 'alt' | 'category'>>;

/** How many photos each wedding has (a wedding without photos is absent). */
export async function photoCountsByWedding(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ weddingId: studioPhotos.weddingId, n: count() })
    .from(studioPhotos)
    .where(isNotNull(studioPhotos.weddingId))
    .groupBy(studioPhotos.weddingId);
  return new Map(rows.map((r) => [r.weddingId as string, Number(r.n)]));
}

/** The photos of these weddings, in gallery order. */
export async function photoRowsOfWeddings(db: Db, weddingIds: string[]): Promise<PhotoRow[]> {
  return db
    .select()
    .from(studioPhotos)
    .where(inArray(studioPhotos.weddingId, weddingIds))
    .orderBy(asc(studioPhotos.position), asc(studioPhotos.createdAt));
}

export async function photoRowsOfWedding(db: Db, weddingId: string): Promise<PhotoRow[]> {
  return db.select().from(studioPhotos).where(eq(studioPhotos.weddingId, weddingId)).orderBy(asc(studioPhotos.position), asc(studioPhotos.createdAt));
}

export async function photoIdsOfWedding(db: Db | Tx, weddingId: string): Promise<string[]> {
  const rows = await db.select({ id: studioPhotos.id }).from(studioPhotos).where(eq(studioPhotos.weddingId, weddingId));
  return rows.map((r) => r.id);
}

export async function photoRowsByIds(db: Db, ids: string[]): Promise<PhotoRow[]> {
  return db.select().from(studioPhotos).where(inArray(studioPhotos.id, ids));
}

/** The wedding's photo with this content, if any. */
export async function weddingPhotoWithContent(db: Db, weddingId: string, contentHash: string): Promise<string | null> {
  const [dup] = await db
    .select({ id: studioPhotos.id })
    .from(studioPhotos)
    .where(and(eq(studioPhotos.weddingId, weddingId), eq(studioPhotos.contentHash, contentHash)));
  return dup?.id ?? null;
}

/** A photo placed at the end of its wedding. */
export async function insertWeddingPhoto(
  db: Db,
  photo: { id: string; weddingId: string; originalName: string; contentHash: string; alt?: string },
): Promise<void> {
  await db.insert(studioPhotos).values({
    id: photo.id,
    weddingId: photo.weddingId,
    position: sql`(SELECT coalesce(max(position) + 1, 0) FROM studio_photos WHERE wedding_id = ${photo.weddingId})`,
    originalName: photo.originalName,
    contentHash: photo.contentHash,
    ...(photo.alt !== undefined ? { alt: photo.alt } : {}),
  });
}

/** Each photo of `order` at its index (only photos of the wedding move). */
export async function setPhotoPositions(tx: Db | Tx, weddingId: string, order: readonly string[]): Promise<void> {
  for (const [position, pid] of order.entries()) {
    await tx
      .update(studioPhotos)
      .set({ position, updatedAt: new Date() })
      .where(and(eq(studioPhotos.id, pid), eq(studioPhotos.weddingId, weddingId)));
  }
}

/** The photo's wedding (null: one of the site's own photos); null when there is no such photo. */
export async function findPhotoPlacement(db: Db, id: string): Promise<{ weddingId: string | null } | null> {
  const [row] = await db.select({ weddingId: studioPhotos.weddingId }).from(studioPhotos).where(eq(studioPhotos.id, id));
  return row ?? null;
}

export async function photoDescription(db: Db, id: string): Promise<Pick<PhotoRow, 'id' | 'alt' | 'category'> | null> {
  const [row] = await db.select({ id: studioPhotos.id, alt: studioPhotos.alt, category: studioPhotos.category }).from(studioPhotos).where(eq(studioPhotos.id, id));
  return row ?? null;
}

export async function photoExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: studioPhotos.id }).from(studioPhotos).where(eq(studioPhotos.id, id));
  return rows.length > 0;
}

export async function updatePhotoRow(db: Db, id: string, changes: PhotoChanges): Promise<void> {
  await db
    .update(studioPhotos)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(studioPhotos.id, id));
}

export async function deletePhotoRow(db: Db | Tx, id: string): Promise<void> {
  await db.delete(studioPhotos).where(eq(studioPhotos.id, id));
}

/** Photos of weddings with a description, in gallery order (by position, then upload), with their wedding. */
export async function describedWeddingPhotos(
  db: Db,
): Promise<{ id: string; weddingId: string; fileName: string; alt: string; category: string | null }[]> {
  const rows = await db
    .select({ id: studioPhotos.id, weddingId: studioPhotos.weddingId, fileName: studioPhotos.originalName, alt: studioPhotos.alt, category: studioPhotos.category })
    .from(studioPhotos)
    .where(and(isNotNull(studioPhotos.weddingId), sql`btrim(${studioPhotos.alt}) <> ''`))
    .orderBy(asc(studioPhotos.position), asc(studioPhotos.createdAt));
  return rows.map((r) => ({ ...r, weddingId: r.weddingId as string }));
}

// ——— The site's own photos (hero, portrait): rows of no wedding ———

/** The site's photos with this content. */
export async function sitePhotoIdsWithContent(db: Db, contentHash: string): Promise<string[]> {
  const rows = await db.select({ id: studioPhotos.id }).from(studioPhotos).where(and(isNull(studioPhotos.weddingId), eq(studioPhotos.contentHash, contentHash)));
  return rows.map((r) => r.id);
}

export async function isSitePhoto(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: studioPhotos.id }).from(studioPhotos).where(and(eq(studioPhotos.id, id), isNull(studioPhotos.weddingId)));
  return Boolean(row);
}

export async function insertSitePhoto(db: Db, photo: { id: string; originalName: string; contentHash: string }): Promise<void> {
  await db.insert(studioPhotos).values({ id: photo.id, weddingId: null, position: 0, originalName: photo.originalName, contentHash: photo.contentHash });
}

export async function sitePhotoRows(db: Db): Promise<{ id: string; createdAt: Date }[]> {
  return db.select({ id: studioPhotos.id, createdAt: studioPhotos.createdAt }).from(studioPhotos).where(isNull(studioPhotos.weddingId));
}

/** False when it is gone, or is no longer one of the site's photos. */
export async function deleteSitePhotoRow(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(studioPhotos)
    .where(and(eq(studioPhotos.id, id), isNull(studioPhotos.weddingId)))
    .returning({ id: studioPhotos.id });
  return deleted.length > 0;
}
