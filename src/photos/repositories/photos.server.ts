import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { photos } from '@/db/schema';
import type { PhotoInfo } from '../types';

/** The only code that touches the `photos` table. Rows never leave: callers get PhotoInfo DTOs. */

type Row = typeof photos.$inferSelect;

function toInfo(r: Row): PhotoInfo {
  return {
    id: r.id,
    status: r.status,
    originalName: r.originalName,
    contentType: r.contentType,
    contentHash: r.contentHash,
    sizeBytes: r.sizeBytes,
    width: r.width,
    height: r.height,
    downloadBytes: r.downloadBytes,
    webBytes: r.webBytes,
    downloadCrc32: r.downloadCrc32,
    webCrc32: r.webCrc32,
    blurDataUrl: r.blurDataUrl,
    variantWidths: r.variantWidths,
    error: r.error,
    takenAt: r.takenAt,
    createdAt: r.createdAt,
    processedAt: r.processedAt,
  };
}

export interface NewPhoto {
  id: string;
  owner: 'gallery' | 'studio';
  originalKey: string;
  originalName: string;
  contentType: string;
  contentHash: string;
  sizeBytes: number;
}

export async function insertPhoto(db: Db, p: NewPhoto): Promise<void> {
  await db.insert(photos).values({ ...p, status: 'processing' });
}

export async function photosByIds(db: Db, ids: readonly string[]): Promise<Map<string, PhotoInfo>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(photos).where(inArray(photos.id, [...ids]));
  return new Map(rows.map((r) => [r.id, toInfo(r)]));
}

/** Where a photo's original is stored (photos moved over from the studio's own table keep their old key). */
export async function originalKeyOf(db: Db, id: string): Promise<string | null> {
  const rows = await db.select({ key: photos.originalKey }).from(photos).where(eq(photos.id, id));
  return rows[0]?.key ?? null;
}

export async function photoById(db: Db, id: string): Promise<PhotoInfo | null> {
  const rows = await db.select().from(photos).where(eq(photos.id, id));
  return rows[0] ? toInfo(rows[0]) : null;
}

export interface DeletedPhoto {
  id: string;
  owner: 'gallery' | 'studio';
  originalKey: string;
  variantWidths: number[];
}

/** Deletes rows; returns what existed (their files are the caller's to remove afterwards). */
export async function deletePhotoRows(db: Db, ids: readonly string[]): Promise<DeletedPhoto[]> {
  if (!ids.length) return [];
  return db
    .delete(photos)
    .where(inArray(photos.id, [...ids]))
    .returning({ id: photos.id, owner: photos.owner, originalKey: photos.originalKey, variantWidths: photos.variantWidths });
}

/** Photos waiting for (or in) processing, of every owner. */
export async function processingCount(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(photos).where(eq(photos.status, 'processing'));
  return Number(rows[0]?.n ?? 0);
}

/** A failed photo goes back into the queue with a fresh attempt count. */
export async function requeueFailed(db: Db, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(photos)
    .set({ status: 'processing', error: null, attempts: 0, claimedAt: null, updatedAt: new Date() })
    .where(and(inArray(photos.id, [...ids]), eq(photos.status, 'failed')))
    .returning({ id: photos.id });
  return rows.length;
}

/** Counts by status of the given photos (processing progress: N of M ready). */
export async function statusCounts(db: Db, ids: readonly string[]): Promise<Record<PhotoInfo['status'], number>> {
  const out = { processing: 0, ready: 0, failed: 0 };
  if (!ids.length) return out;
  const rows = await db
    .select({ status: photos.status, n: sql<number>`count(*)::int` })
    .from(photos)
    .where(inArray(photos.id, [...ids]))
    .groupBy(photos.status);
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

// --- the processing queue (rows with status 'processing' are the jobs) ---

export interface Claim {
  id: string;
  originalKey: string;
  attempts: number;
  owner: 'gallery' | 'studio';
}

/** Claims the oldest unclaimed (or lease-expired) job for this worker, FOR UPDATE SKIP LOCKED across instances. */
export async function claimNextPhoto(db: Db, leaseSeconds: number): Promise<Claim | null> {
  const rows = rowsOf<{ id: string; original_key: string; attempts: number; owner: 'gallery' | 'studio' }>(
    await db.execute(sql`
      UPDATE photos SET claimed_at = now(), attempts = attempts + 1, updated_at = now()
      WHERE id = (
        SELECT id FROM photos
        WHERE status = 'processing' AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${leaseSeconds}))
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, original_key, attempts, owner`),
  );
  const r = rows[0];
  return r ? { id: r.id, originalKey: r.original_key, attempts: Number(r.attempts), owner: r.owner } : null;
}

/** Take the job again soon (about `afterSeconds`), optionally not counting this attempt (storage trouble). */
export async function releaseClaimSoon(db: Db, id: string, leaseSeconds: number, afterSeconds: number, uncount: boolean): Promise<void> {
  await db
    .update(photos)
    .set({
      ...(uncount ? { attempts: sql`greatest(${photos.attempts} - 1, 0)` } : {}),
      claimedAt: sql`now() - make_interval(secs => ${Math.max(0, leaseSeconds - afterSeconds)})`,
    })
    .where(eq(photos.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(photos).set({ status: 'failed', error, claimedAt: null, updatedAt: new Date() }).where(and(eq(photos.id, id), eq(photos.status, 'processing')));
}

/** Flips a processed job to ready; false when the row is gone (deleted meanwhile) or no longer processing. */
export async function markReady(
  db: Db,
  id: string,
  r: { width: number; height: number; blurDataUrl: string; webBytes: number | null; downloadBytes: number | null; webCrc32: number | null; downloadCrc32: number | null; variantWidths: number[] },
): Promise<boolean> {
  const rows = await db
    .update(photos)
    .set({ status: 'ready', ...r, error: null, claimedAt: null, processedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(photos.id, id), eq(photos.status, 'processing')))
    .returning({ id: photos.id });
  return rows.length > 0;
}

/** PGlite belongs to one process: claims left in it are from this process's previous run. */
export async function releaseAllClaims(db: Db): Promise<void> {
  await db.update(photos).set({ claimedAt: null }).where(eq(photos.status, 'processing'));
}

/**
 * Keeps a CRC-32 computed later (a photo processed before the column existed, on its first ZIP). Only fills an
 * empty value of a ready photo: the file of a ready photo never changes, so a known CRC is never overwritten.
 */
export async function fillCrc32(db: Db, id: string, variant: 'download' | 'web', crc32: number): Promise<void> {
  const column = variant === 'download' ? photos.downloadCrc32 : photos.webCrc32;
  await db
    .update(photos)
    .set(variant === 'download' ? { downloadCrc32: crc32 } : { webCrc32: crc32 })
    .where(and(eq(photos.id, id), eq(photos.status, 'ready'), isNull(column)));
}
