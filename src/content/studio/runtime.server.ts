import 'server-only';
import sharp from 'sharp';
import { getDbHandle } from '@/db/db.server';
import { log } from '@/platform/log';
import { getStorage } from '@/platform/storage/storage.server';
import { invalidateContent } from '../invalidate.server';
import { renamedPostSlug } from './posts.server';
import { renamedWeddingSlug } from './public.server';
import { kickQueue, startQueue, type QueueDeps } from './queue.server';
import { lowerImageThreadPriority } from './thread-priority.server';
import type { StudioDeps } from './service.server';

/**
 * The studio wired to the app: the process's database and storage, "content changed" through
 * invalidateContent() (after every edit, and when the queue finishes a photo — it works outside a request too),
 * and the processing queue woken after each upload.
 */

async function queueDeps(): Promise<QueueDeps> {
  const handle = await getDbHandle();
  return { handle, storage: getStorage(), onChange: () => void invalidateContent(), onProcessStep: lowerImageThreadPriority };
}

export function kickStudioQueue(): void {
  kickQueue(queueDeps);
}

export async function studioDeps(): Promise<StudioDeps> {
  const handle = await getDbHandle();
  return { db: handle.db, storage: getStorage(), invalidate: () => void invalidateContent(), kick: kickStudioQueue };
}

/** Start-up step: resume whatever was queued when the process last stopped. */
export async function startStudioQueue(): Promise<void> {
  // One libvips worker thread per image: the queue then takes one of the two cores and the other keeps serving
  // pages (bench/studio.ts: public page p99 while photos process). Processing a photo takes longer instead. Those
  // threads also run at a lower priority (nice 10, thread-priority.server.ts): on a box busy with other work the
  // event loop wins the CPU over the queue.
  sharp.concurrency(1);
  await startQueue(queueDeps);
  log.info('studio photo queue: ready');
}

/** For /weddings/{slug}: the current slug of a published studio wedding that was renamed from `slug`, or null. */
export async function currentSlugOfRenamedWedding(slug: string): Promise<string | null> {
  try {
    return await renamedWeddingSlug((await getDbHandle()).db, slug);
  } catch (err) {
    log.warn('studio: looking up a former wedding slug failed', { err });
    return null;
  }
}

/** For /blog/{slug}: the current slug of a published studio post that was renamed from `slug`, or null. */
export async function currentSlugOfRenamedPost(slug: string): Promise<string | null> {
  try {
    return await renamedPostSlug((await getDbHandle()).db, slug);
  } catch (err) {
    log.warn('studio: looking up a former post slug failed', { err });
    return null;
  }
}
