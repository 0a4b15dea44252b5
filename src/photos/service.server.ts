import 'server-only';
import type { Db } from '@/db/client';
import { log } from '@/platform/log';
import type { ByteRange, Storage, StoredStream } from '@/platform/storage/types';
import { allKeysOf, originalKey, variantKeyOf, type PhotoVariant } from './keys';
import { deletePhotoRows, photoById, photosByIds, requeueFailed, statusCounts } from './repositories/photos.server';
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
 * Copies the original of a ready photo to `toKey` inside storage (a hard link on the local disk, a server-side copy
 * on S3: the bytes never pass through this process) for another domain that keeps its own copy, e.g. the studio
 * taking a delivered photo into its portfolio. Only ready photos: their originals were decoded whole once by the
 * worker, so what is copied is a readable image. Null when the photo is not ready or its original is missing.
 */
export async function copyOriginal(deps: PhotoDeps, photoId: string, toKey: string): Promise<PhotoInfo | null> {
  const info = await photoById(deps.db, photoId);
  if (!info || info.status !== 'ready') return null;
  return (await deps.storage.copy(originalKey(photoId), toKey)) ? info : null;
}

/** Rows first, then files: a failed file delete leaves an orphan (logged), never a row pointing at nothing. */
export async function deletePhotos(deps: PhotoDeps, ids: readonly string[]): Promise<void> {
  const gone = await deletePhotoRows(deps.db, ids);
  for (const id of gone) {
    for (const key of allKeysOf(id)) {
      await deps.storage.delete(key).catch((err: unknown) => log.warn('photos: deleting a file failed (orphan left)', { key, err }));
    }
  }
}

/** Failed photos back into the queue; returns how many were requeued. */
export async function retryPhotos(deps: Pick<PhotoDeps, 'db'>, ids: readonly string[]): Promise<number> {
  return requeueFailed(deps.db, ids);
}
