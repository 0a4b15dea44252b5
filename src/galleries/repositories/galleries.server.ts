import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { galleries, galleryPhotos, gallerySets } from '@/db/schema';
import type { DownloadSetting, GallerySet } from '../types';

/**
 * The only code that touches galleries, gallery_sets and gallery_photos. Photo processing state lives in the photo
 * module; this repository knows a gallery photo's place (gallery, set, position), its file name, size and hash.
 */

type GalleryRow = typeof galleries.$inferSelect;

export interface GalleryRecord {
  id: string;
  slug: string;
  title: string;
  weddingDate: string | null;
  coupleEmail: string | null;
  inquiryId: number | null;
  code: string;
  guestCode: string | null;
  published: boolean;
  expiresAt: Date | null;
  downloads: DownloadSetting;
  zip: boolean;
  downloadPin: string | null;
  selectionLimit: number | null;
  coverPhotoId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function toRecord(r: GalleryRow): GalleryRecord {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    weddingDate: r.weddingDate,
    coupleEmail: r.coupleEmail,
    inquiryId: r.inquiryId,
    code: r.code,
    guestCode: r.guestCode,
    published: r.published,
    expiresAt: r.expiresAt,
    downloads: r.downloads,
    zip: r.zip,
    downloadPin: r.downloadPin,
    selectionLimit: r.selectionLimit,
    coverPhotoId: r.coverPhotoId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export interface NewGallery {
  id: string;
  slug: string;
  title: string;
  weddingDate: string | null;
  coupleEmail: string | null;
  inquiryId: number | null;
  code: string;
  expiresAt: Date | null;
  selectionLimit: number | null;
}

/** Inserts a gallery; returns false when the slug is taken (the caller picks another). */
export async function insertGallery(db: Db, g: NewGallery): Promise<boolean> {
  const rows = await db.insert(galleries).values(g).onConflictDoNothing({ target: galleries.slug }).returning({ id: galleries.id });
  return rows.length > 0;
}

export async function galleryRecordById(db: Db, id: string): Promise<GalleryRecord | null> {
  const rows = await db.select().from(galleries).where(eq(galleries.id, id));
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function galleryRecordBySlug(db: Db, slug: string): Promise<GalleryRecord | null> {
  const rows = await db.select().from(galleries).where(eq(galleries.slug, slug));
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function galleryRecordsByInquiry(db: Db, inquiryId: number): Promise<GalleryRecord[]> {
  const rows = await db.select().from(galleries).where(eq(galleries.inquiryId, inquiryId)).orderBy(desc(galleries.createdAt));
  return rows.map(toRecord);
}

/** Galleries whose couple e-mail is one of `emails` (compared case-insensitively). */
export async function galleryRecordsByCoupleEmails(db: Db, emails: readonly string[]): Promise<GalleryRecord[]> {
  if (!emails.length) return [];
  const lowered = emails.map((e) => e.toLowerCase());
  const rows = await db
    .select()
    .from(galleries)
    .where(inArray(sql`lower(${galleries.coupleEmail})`, lowered))
    .orderBy(desc(galleries.createdAt));
  return rows.map(toRecord);
}

export interface GalleryListRow extends GalleryRecord {
  photoCount: number;
}

export async function listGalleryRecords(db: Db): Promise<GalleryListRow[]> {
  const counts = db
    .select({ galleryId: galleryPhotos.galleryId, n: sql<number>`count(*)::int`.as('n') })
    .from(galleryPhotos)
    .groupBy(galleryPhotos.galleryId)
    .as('counts');
  const rows = await db
    .select({ g: galleries, n: counts.n })
    .from(galleries)
    .leftJoin(counts, eq(counts.galleryId, galleries.id))
    .orderBy(desc(galleries.createdAt));
  return rows.map((r) => ({ ...toRecord(r.g), photoCount: Number(r.n ?? 0) }));
}

export type GalleryPatch = Partial<
  Pick<GalleryRecord, 'title' | 'weddingDate' | 'coupleEmail' | 'inquiryId' | 'guestCode' | 'published' | 'expiresAt' | 'downloads' | 'zip' | 'downloadPin' | 'selectionLimit' | 'coverPhotoId'>
>;

export async function updateGalleryRecord(db: Db, id: string, patch: GalleryPatch): Promise<boolean> {
  const rows = await db
    .update(galleries)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(galleries.id, id))
    .returning({ id: galleries.id });
  return rows.length > 0;
}

/** Deletes the gallery (sets and placements cascade); returns its photo ids for the photo module to delete. */
export async function deleteGalleryRecord(db: Db, id: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const ids = await tx.select({ id: galleryPhotos.photoId }).from(galleryPhotos).where(eq(galleryPhotos.galleryId, id));
    const gone = await tx.delete(galleries).where(eq(galleries.id, id)).returning({ id: galleries.id });
    return gone.length ? ids.map((r) => r.id) : null;
  });
}

// --- sets ---

export async function setsOf(db: Db, galleryId: string): Promise<GallerySet[]> {
  return db
    .select({ id: gallerySets.id, slug: gallerySets.slug, title: gallerySets.title, position: gallerySets.position })
    .from(gallerySets)
    .where(eq(gallerySets.galleryId, galleryId))
    .orderBy(asc(gallerySets.position), asc(gallerySets.createdAt));
}

/** Inserts a set at the end; returns false when the slug is taken in this gallery. */
export async function insertSet(db: Db, s: { id: string; galleryId: string; slug: string; title: string }): Promise<boolean> {
  const rows = await db
    .insert(gallerySets)
    .values({
      ...s,
      position: sql`(SELECT coalesce(max(position), -1) + 1 FROM gallery_sets WHERE gallery_id = ${s.galleryId})`,
    })
    .onConflictDoNothing()
    .returning({ id: gallerySets.id });
  return rows.length > 0;
}

export async function updateSet(db: Db, galleryId: string, setId: string, patch: { title?: string; position?: number }): Promise<boolean> {
  const rows = await db
    .update(gallerySets)
    .set(patch)
    .where(and(eq(gallerySets.id, setId), eq(gallerySets.galleryId, galleryId)))
    .returning({ id: gallerySets.id });
  return rows.length > 0;
}

export async function deleteSet(db: Db, galleryId: string, setId: string): Promise<boolean> {
  const rows = await db
    .delete(gallerySets)
    .where(and(eq(gallerySets.id, setId), eq(gallerySets.galleryId, galleryId)))
    .returning({ id: gallerySets.id });
  return rows.length > 0;
}

// --- photos placed in a gallery ---

export interface PlacementRecord {
  photoId: string;
  galleryId: string;
  setId: string | null;
  setSlug: string | null;
  setTitle: string | null;
  position: number;
  fileName: string;
  sizeBytes: number;
  contentHash: string;
}

const placementColumns = {
  photoId: galleryPhotos.photoId,
  galleryId: galleryPhotos.galleryId,
  setId: galleryPhotos.setId,
  setSlug: gallerySets.slug,
  setTitle: gallerySets.title,
  position: galleryPhotos.position,
  fileName: galleryPhotos.fileName,
  sizeBytes: galleryPhotos.sizeBytes,
  contentHash: galleryPhotos.contentHash,
};

/** The photo already in this gallery with the same content, if any. */
export async function placementByHash(db: Db, galleryId: string, contentHash: string): Promise<PlacementRecord | null> {
  const rows = await db
    .select(placementColumns)
    .from(galleryPhotos)
    .leftJoin(gallerySets, eq(gallerySets.id, galleryPhotos.setId))
    .where(and(eq(galleryPhotos.galleryId, galleryId), eq(galleryPhotos.contentHash, contentHash)));
  return rows[0] ?? null;
}

/**
 * Places a photo at the end of the gallery. Returns false when the same content is already there (the unique
 * hash decides, so two parallel uploads of one file cannot both land).
 */
export async function insertPlacement(db: Db, p: { photoId: string; galleryId: string; setId: string | null; fileName: string; sizeBytes: number; contentHash: string }): Promise<boolean> {
  const rows = await db
    .insert(galleryPhotos)
    .values({
      ...p,
      position: sql`(SELECT coalesce(max(position), -1) + 1 FROM gallery_photos WHERE gallery_id = ${p.galleryId})`,
    })
    .onConflictDoNothing()
    .returning({ id: galleryPhotos.photoId });
  return rows.length > 0;
}

export async function placement(db: Db, galleryId: string, photoId: string): Promise<PlacementRecord | null> {
  const rows = await db
    .select(placementColumns)
    .from(galleryPhotos)
    .leftJoin(gallerySets, eq(gallerySets.id, galleryPhotos.setId))
    .where(and(eq(galleryPhotos.galleryId, galleryId), eq(galleryPhotos.photoId, photoId)));
  return rows[0] ?? null;
}

export interface PlacementFilter {
  setSlug?: string;
  photoIds?: readonly string[];
}

function filterWhere(galleryId: string, f: PlacementFilter) {
  const parts = [eq(galleryPhotos.galleryId, galleryId)];
  if (f.setSlug !== undefined) parts.push(eq(gallerySets.slug, f.setSlug));
  if (f.photoIds) parts.push(f.photoIds.length ? inArray(galleryPhotos.photoId, [...f.photoIds]) : sql`false`);
  return and(...parts);
}

/** Placements in gallery order (sets in their order first, then photos without a set; by position within). */
export async function placements(db: Db, galleryId: string, f: PlacementFilter = {}, page?: { limit: number; offset: number }): Promise<PlacementRecord[]> {
  const q = db
    .select(placementColumns)
    .from(galleryPhotos)
    .leftJoin(gallerySets, eq(gallerySets.id, galleryPhotos.setId))
    .where(filterWhere(galleryId, f))
    .orderBy(sql`${gallerySets.position} ASC NULLS LAST`, asc(galleryPhotos.position), asc(galleryPhotos.photoId));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countPlacements(db: Db, galleryId: string, f: PlacementFilter = {}): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(galleryPhotos)
    .leftJoin(gallerySets, eq(gallerySets.id, galleryPhotos.setId))
    .where(filterWhere(galleryId, f));
  return Number(rows[0]?.n ?? 0);
}

export async function placementIds(db: Db, galleryId: string): Promise<string[]> {
  const rows = await db.select({ id: galleryPhotos.photoId }).from(galleryPhotos).where(eq(galleryPhotos.galleryId, galleryId));
  return rows.map((r) => r.id);
}

export async function updatePlacement(db: Db, galleryId: string, photoId: string, patch: { setId?: string | null; position?: number }): Promise<boolean> {
  const rows = await db
    .update(galleryPhotos)
    .set(patch)
    .where(and(eq(galleryPhotos.galleryId, galleryId), eq(galleryPhotos.photoId, photoId)))
    .returning({ id: galleryPhotos.photoId });
  return rows.length > 0;
}

/** Sets positions 0..n-1 in the given order (ids not in this gallery are ignored). */
export async function reorderPlacements(db: Db, galleryId: string, orderedIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < orderedIds.length; i++) {
      await tx
        .update(galleryPhotos)
        .set({ position: i })
        .where(and(eq(galleryPhotos.galleryId, galleryId), eq(galleryPhotos.photoId, orderedIds[i]!)));
    }
  });
}

export async function deletePlacement(db: Db, galleryId: string, photoId: string): Promise<boolean> {
  const rows = await db
    .delete(galleryPhotos)
    .where(and(eq(galleryPhotos.galleryId, galleryId), eq(galleryPhotos.photoId, photoId)))
    .returning({ id: galleryPhotos.photoId });
  return rows.length > 0;
}
