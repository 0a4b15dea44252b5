import 'server-only';
import path from 'node:path';
import { getDbHandle } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import type { Job } from '@/platform/jobs.server';
import { log } from '@/platform/log';
import { getStorage } from '@/platform/storage/storage.server';
import { deleteExpiredUploads } from './tus.server';
import { kickPhotoQueue, startPhotoQueue, type PhotoQueueDeps } from './queue.server';
import type { PhotoDeps } from './service.server';
import { createPhotoWorker, type PhotoWorker } from './worker-pool.server';

/** The photo module wired to the process's database, storage, worker process and queue. */

const g = globalThis as unknown as { __photoWorker?: PhotoWorker; __photoListeners?: PhotoDoneListener[] };

/** Told when a photo of `owner` became ready or failed (e.g. the studio: its public pages may change). */
export type PhotoDoneListener = (photoId: string, owner: 'gallery' | 'studio', status: 'ready' | 'failed') => void;

/** Registers a listener for finished photos (once per process; the same function twice is kept once). */
export function onPhotoDone(listener: PhotoDoneListener): void {
  const list = (g.__photoListeners ??= []);
  if (!list.includes(listener)) list.push(listener);
}

function photoDone(photoId: string, owner: 'gallery' | 'studio', status: 'ready' | 'failed'): void {
  for (const l of g.__photoListeners ?? []) {
    try {
      l(photoId, owner, status);
    } catch (err) {
      log.warn('photos: a listener of finished photos failed', { photoId, err });
    }
  }
}

function worker(): PhotoWorker {
  return (g.__photoWorker ??= createPhotoWorker());
}

export function photoTmpDir(): string {
  return path.resolve(getEnv().DATA_DIR, 'tmp', 'photos');
}

async function queueDeps(): Promise<PhotoQueueDeps> {
  const handle = await getDbHandle();
  return { handle, storage: getStorage(), worker: worker(), tmpDir: photoTmpDir(), onDone: photoDone };
}

export function kickPhotos(): void {
  kickPhotoQueue(queueDeps);
}

export async function photoDeps(): Promise<PhotoDeps & { kick: () => void }> {
  const handle = await getDbHandle();
  return { db: handle.db, storage: getStorage(), kick: kickPhotos };
}

/** Start-up step: resume whatever was queued when the process last stopped. */
export async function startPhotos(): Promise<void> {
  await startPhotoQueue(queueDeps);
  log.info('photo queue: ready');
}

/** Scheduled work: resumable uploads abandoned for a week are removed from DATA_DIR/tmp/tus. */
export function photosJobs(): Job[] {
  return [
    {
      name: 'photos: abandoned uploads',
      everyMs: 6 * 3600 * 1000,
      exclusive: false,
      run: async () => {
        const removed = await deleteExpiredUploads();
        if (removed) log.info('photos: abandoned uploads removed', { removed });
      },
    },
  ];
}
