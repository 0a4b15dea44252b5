import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbHandle } from '@/db/client';
import { studioPhotos, studioWeddings } from '@/db/schema';
import { log } from '@/platform/log';
import type { Storage } from '@/platform/storage/types';
import { StudioError } from './errors';
import { processPhoto } from './pipeline';
import { photoKeys } from './service.server';
import { VARIANT_CONTENT_TYPES, variantKey } from './variants';

/**
 * The photo processing queue. Its state is the studio_photos table: a row with status 'processing' is a job.
 * One worker per process takes one job at a time (sharp already uses both cores for one image). A job is claimed
 * by setting claimed_at (a lease) in one UPDATE … FOR UPDATE SKIP LOCKED, so several instances on one PostgreSQL
 * never take the same photo; a claim older than the lease belongs to a dead worker and is taken again. Variants are
 * written first and the row becomes 'ready' in one final UPDATE: a crash at any point leaves a 'processing' row
 * that is simply redone — never a half-published photo.
 */

export const LEASE_SECONDS = 300;
/** A photo that crashed the worker this many times is marked failed instead of being retried forever. */
export const MAX_ATTEMPTS = 3;
const TICK_MS = 30_000;
/**
 * While a published wedding's photos keep finishing, "content changed" is said at most this often (and once more
 * when the queue runs dry): every call expires the whole render cache, and re-rendering the public pages after every
 * photo would cost visitors more than the photos are worth seeing a few seconds sooner.
 */
export const CHANGE_EVERY_MS = 10_000;

export interface QueueDeps {
  handle: Pick<DbHandle, 'db' | 'kind'>;
  storage: Storage;
  /**
   * Called after a photo of a published wedding became ready or failed (its public pages change); a draft's photos
   * change nothing public. Coalesced: at most once per CHANGE_EVERY_MS while the queue works, and when it runs dry.
   */
  onChange: () => void;
  /** Overrides CHANGE_EVERY_MS (tests). */
  changeEveryMs?: number;
  /** Runs before each libvips operation of a photo (the server lowers libvips' thread priority there). */
  onProcessStep?: () => void;
}

interface Claim {
  id: string;
  original_key: string;
  attempts: number;
}

async function claimNext(deps: QueueDeps): Promise<Claim | null> {
  const { db } = deps.handle;
  // Jobs that keep crashing the worker end as failed (visible in the admin, deletable).
  await db
    .update(studioPhotos)
    .set({ status: 'failed', error: 'Zpracování opakovaně selhalo. Smažte prosím fotografii a nahrajte ji znovu (nebo v jiném formátu).', claimedAt: null, updatedAt: new Date() })
    .where(and(eq(studioPhotos.status, 'processing'), sql`${studioPhotos.attempts} >= ${MAX_ATTEMPTS}`, sql`${studioPhotos.claimedAt} < now() - make_interval(secs => ${LEASE_SECONDS})`));
  const rows = rowsOf<Claim>(
    await db.execute(sql`
      UPDATE studio_photos SET claimed_at = now(), attempts = attempts + 1, updated_at = now()
      WHERE id = (
        SELECT id FROM studio_photos
        WHERE status = 'processing' AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, original_key, attempts`),
  );
  return rows[0] ?? null;
}

/**
 * Storage trouble is not the photo's fault: the attempt is not counted and the claim is backdated so that the job
 * is taken again about 30 s later (the queue's next tick) instead of after the whole lease.
 */
async function retrySoon(deps: QueueDeps, photoId: string): Promise<void> {
  await deps.handle.db
    .update(studioPhotos)
    .set({ attempts: sql`greatest(${studioPhotos.attempts} - 1, 0)`, claimedAt: sql`now() - make_interval(secs => ${LEASE_SECONDS - 30})` })
    .where(eq(studioPhotos.id, photoId));
}

/** Processes one claimed photo. Returns what happened (for tests and logs). */
async function processClaim(deps: QueueDeps, claim: Claim): Promise<'ready' | 'failed' | 'retry' | 'gone'> {
  const { db } = deps.handle;
  let original;
  try {
    original = await deps.storage.get(claim.original_key);
  } catch (err) {
    log.warn('studio: reading an original failed; retrying in 30 s', { photoId: claim.id, err });
    await retrySoon(deps, claim.id);
    return 'retry';
  }
  if (!original) {
    await db.update(studioPhotos).set({ status: 'failed', error: 'Originál fotografie v úložišti chybí. Nahrajte ji prosím znovu.', claimedAt: null, updatedAt: new Date() }).where(eq(studioPhotos.id, claim.id));
    return 'failed';
  }
  let processed;
  try {
    processed = await processPhoto(original.body, { onStep: deps.onProcessStep });
  } catch (err) {
    const message = err instanceof StudioError ? err.message : 'Fotografii se nepodařilo zpracovat. Nahrajte ji prosím znovu.';
    if (!(err instanceof StudioError)) log.error('studio: processing failed', { photoId: claim.id, err });
    await db.update(studioPhotos).set({ status: 'failed', error: message, claimedAt: null, updatedAt: new Date() }).where(eq(studioPhotos.id, claim.id));
    return 'failed';
  }
  try {
    for (const v of processed.variants) await deps.storage.put(variantKey(claim.id, v.width, v.format), v.body, VARIANT_CONTENT_TYPES[v.format]);
  } catch (err) {
    // Storage down or full: keep the job, try again after the lease (the admin sees "zpracovává se").
    log.warn('studio: storing variants failed; retrying in 30 s', { photoId: claim.id, err });
    await retrySoon(deps, claim.id);
    return 'retry';
  }
  const done = await db
    .update(studioPhotos)
    .set({
      status: 'ready',
      width: processed.width,
      height: processed.height,
      variantWidths: processed.widths,
      blurDataUrl: processed.blurDataUrl,
      error: null,
      claimedAt: null,
      processedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(studioPhotos.id, claim.id), eq(studioPhotos.status, 'processing')))
    .returning({ id: studioPhotos.id });
  if (!done.length) {
    // Deleted while we worked: its files must not stay behind.
    for (const key of photoKeys(claim.id, processed.widths)) await deps.storage.delete(key).catch(() => undefined);
    return 'gone';
  }
  return 'ready';
}

/** Whether the photo's wedding is public (only then does a finished photo change a public page). */
async function ofPublishedWedding(deps: QueueDeps, photoId: string): Promise<boolean> {
  const rows = await deps.handle.db
    .select({ published: studioWeddings.published })
    .from(studioPhotos)
    .innerJoin(studioWeddings, eq(studioWeddings.id, studioPhotos.weddingId))
    .where(eq(studioPhotos.id, photoId));
  return rows[0]?.published ?? false;
}

/** Runs jobs until none is claimable. Returns how many were handled. */
export async function drainQueue(deps: QueueDeps): Promise<number> {
  let handled = 0;
  let pending = false;
  let lastChange = 0;
  const flush = () => {
    if (!pending) return;
    pending = false;
    lastChange = Date.now();
    deps.onChange();
  };
  try {
    for (;;) {
      const claim = await claimNext(deps);
      if (!claim) return handled;
      const started = Date.now();
      const result = await processClaim(deps, claim);
      handled++;
      log.info('studio: photo processed', { photoId: claim.id, result, ms: Date.now() - started });
      if ((result === 'ready' || result === 'failed') && (await ofPublishedWedding(deps, claim.id))) {
        pending = true;
        if (Date.now() - lastChange >= (deps.changeEveryMs ?? CHANGE_EVERY_MS)) flush();
      }
      if (result === 'retry') return handled;
    }
  } finally {
    flush();
  }
}

/**
 * The embedded database belongs to one process: claims left in it are from a previous run of this process
 * (crashed or stopped mid-way) and are released at once instead of waiting for the lease.
 */
export async function releaseOwnClaims(handle: Pick<DbHandle, 'db' | 'kind'>): Promise<void> {
  if (handle.kind !== 'pglite') return;
  await handle.db.update(studioPhotos).set({ claimedAt: null }).where(eq(studioPhotos.status, 'processing'));
}

const g = globalThis as unknown as { __studioQueue?: { running: boolean; again: boolean; timer?: NodeJS.Timeout } };

/** Wakes this process's worker (one job at a time; a wake-up during a run makes it look again afterwards). */
export function kickQueue(getDeps: () => Promise<QueueDeps>): void {
  const state = (g.__studioQueue ??= { running: false, again: false });
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void (async () => {
    try {
      do {
        state.again = false;
        await drainQueue(await getDeps());
      } while (state.again);
    } catch (err) {
      log.warn('studio: photo queue run failed; retrying on the next tick', { err });
    } finally {
      state.running = false;
    }
  })();
}

/** Start-up: release stale claims of this process (PGlite), work off what is queued, and look again every 30 s. */
export async function startQueue(getDeps: () => Promise<QueueDeps>): Promise<void> {
  const state = (g.__studioQueue ??= { running: false, again: false });
  if (state.timer) return;
  await releaseOwnClaims((await getDeps()).handle);
  state.timer = setInterval(() => kickQueue(getDeps), TICK_MS);
  state.timer.unref();
  kickQueue(getDeps);
}

/** Photos waiting for (or in) processing, for GET /api/metrics. */
export async function photoQueueLength(db: DbHandle['db']): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(studioPhotos).where(eq(studioPhotos.status, 'processing'));
  return Number(rows[0]?.n ?? 0);
}
