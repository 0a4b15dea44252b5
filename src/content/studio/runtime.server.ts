import 'server-only';
import { getDbHandle } from '@/db/db.server';
import { log } from '@/platform/log';
import { getStorage } from '@/platform/storage/storage.server';
import { invalidateContent } from '../invalidate.server';
import { renamedWeddingSlug } from './public.server';
import { kickQueue, startQueue, type QueueDeps } from './queue.server';
import type { StudioDeps } from './service.server';

/**
 * The studio wired to the app: the process's database and storage, "content changed" through
 * invalidateContent(), and the processing queue woken after each upload.
 */

const g = globalThis as unknown as { __studioPendingInvalidation?: boolean };

/**
 * invalidateContent() needs a request's context (Next's revalidation store). The queue also runs from a timer,
 * outside any request: there the call fails after the process's content cache was already cleared, and the rest
 * (Next's rendered output) is done by the next studio request (flushPendingInvalidation).
 */
function invalidateFromAnywhere(): void {
  try {
    invalidateContent();
  } catch (err) {
    g.__studioPendingInvalidation = true;
    log.debug('studio: content invalidation deferred to the next admin request', { err: err instanceof Error ? err.message : String(err) });
  }
}

/** Called at the start of every studio route handler and admin page. */
export function flushPendingInvalidation(): void {
  if (!g.__studioPendingInvalidation) return;
  g.__studioPendingInvalidation = false;
  invalidateFromAnywhere();
}

async function queueDeps(): Promise<QueueDeps> {
  const handle = await getDbHandle();
  return { handle, storage: getStorage(), onChange: invalidateFromAnywhere };
}

export function kickStudioQueue(): void {
  kickQueue(queueDeps);
}

export async function studioDeps(): Promise<StudioDeps> {
  const handle = await getDbHandle();
  flushPendingInvalidation();
  return { db: handle.db, storage: getStorage(), invalidate: invalidateFromAnywhere, kick: kickStudioQueue };
}

/** Start-up step: resume whatever was queued when the process last stopped. */
export async function startStudioQueue(): Promise<void> {
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
