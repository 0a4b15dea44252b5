import 'server-only';
import type { Db } from '@/db/client';
import { log } from '@/platform/log';
import type { ByteRange, Storage, StoredStream } from '@/platform/storage/types';
import { randomUUID } from 'node:crypto';
import { allKeysOf, originalKey, publicVariantKey, variantKeyOf, type PhotoOwner, type PhotoVariant, type PublicFormat } from './keys';
import { deletePhotoRows, fillCrc32, insertPhoto, originalKeyOf, photoById, photosByIds, processingCount, requeueFailed, statusCounts } from './repositories/photos.server';
import type { PhotoInfo, PhotoStatus } from './types';

export interface PhotoDeps {
  db: Db;
  storage: Storage;
}

export async function photoInfos(deps: Pick<PhotoDeps, 'db'>, ids: readonly string[]): Promise<Map<string, PhotoInfo>> {
  return photosByIds(deps.db, ids);
}

export async function photoInfo(deps: Pick<PhotoDeps, 'db'>, id: string): Promise<PhotoInfo | null> {
  return photoById(deps.db, id);
}

export async function photoStatusCounts(deps: Pick<PhotoDeps, 'db'>, ids: readonly string[]): Promise<Record<PhotoStatus, number>> {
  return statusCounts(deps.db, ids);
}

/**
 * Opens one file of a ready photo as a stream with its byte size, or null when the photo is not ready (still
 * processing, failed, deleted) or the file is missing. Access checks are the caller's: this only reads.
 */
export async function openPhoto(deps: PhotoDeps, photoId: string, variant: PhotoVariant, range?: ByteRange): Promise<StoredStream | null> {
  const info = await photoById(deps.db, photoId);
  if (!info || info.status !== 'ready') return null;
  return deps.storage.open(variantKeyOf(photoId, variant), range);
}

/**
 * Keeps the CRC-32 of a ready photo's download file computed by a reader (photos processed before the worker
 * computed it). Only an unknown value is filled; the worker's own value is never replaced.
 */
export async function rememberCrc32(deps: Pick<PhotoDeps, 'db'>, photoId: string, variant: 'original' | 'web', crc32: number): Promise<void> {
  await fillCrc32(deps.db, photoId, variant === 'original' ? 'download' : 'web', crc32);
}

/**
 * Opens one public variant (`{width}.{format}`) of a ready studio photo as a stream with its size, or null when the
 * photo is not a ready studio photo or has no such variant. Who may see it is the caller's to decide.
 */
export async function openPublicVariant(deps: PhotoDeps, photoId: string, width: number, format: PublicFormat): Promise<StoredStream | null> {
  const info = await photoById(deps.db, photoId);
  if (!info || info.status !== 'ready' || !info.variantWidths.includes(width)) return null;
  return deps.storage.open(publicVariantKey(photoId, width, format));
}

/**
 * A new photo of `owner` made from an existing ready photo without a second upload: the original is copied inside
 * storage (a hard link on the local disk, a server-side copy on S3 — the bytes never pass through this process) and
 * the new row is queued for its owner's variants, e.g. a delivered gallery photo taken into the studio's portfolio.
 * The two photos then live independently (deleting one leaves the other whole). Null when the source is not ready
 * (its original was decoded whole by the worker only then) or its original is missing.
 */
export async function duplicatePhoto(deps: PhotoDeps & { kick?: () => void }, sourceId: string, owner: PhotoOwner, fileName?: string): Promise<PhotoInfo | null> {
  const source = await photoById(deps.db, sourceId);
  if (!source || source.status !== 'ready') return null;
  const from = await originalKeyOf(deps.db, sourceId);
  const id = randomUUID();
  const key = originalKey(id);
  if (!from || !(await deps.storage.copy(from, key))) return null;
  try {
    await insertPhoto(deps.db, { id, owner, originalKey: key, originalName: fileName ?? source.originalName, contentType: source.contentType, contentHash: source.contentHash, sizeBytes: source.sizeBytes });
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
  deps.kick?.();
  return photoById(deps.db, id);
}

/** Photos waiting for (or in) processing, of every owner (GET /api/metrics). */
export async function photoQueueLength(deps: Pick<PhotoDeps, 'db'>): Promise<number> {
  return processingCount(deps.db);
}

/** Rows first, then files: a failed file delete leaves an orphan (logged), never a row pointing at nothing. */
export async function deletePhotos(deps: PhotoDeps, ids: readonly string[]): Promise<void> {
  const gone = await deletePhotoRows(deps.db, ids);
  for (const photo of gone) {
    for (const key of allKeysOf(photo)) {
      await deps.storage.delete(key).catch((err: unknown) => log.warn('photos: deleting a file failed (orphan left)', { key, err }));
    }
  }
}

/** Failed photos back into the queue; returns how many were requeued. */
export async function retryPhotos(deps: Pick<PhotoDeps, 'db'>, ids: readonly string[]): Promise<number> {
  return requeueFailed(deps.db, ids);
}
