import 'server-only';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { DbHandle } from '@/db/client';
import { log } from '@/platform/log';
import type { Storage } from '@/platform/storage/types';
import { PUBLIC_CONTENT_TYPES, PUBLIC_FORMATS, publicVariantKey, variantKeyOf, type PhotoVariant } from './keys';
import { claimNextPhoto, markFailed, markReady, releaseAllClaims, releaseClaimSoon, type Claim } from './repositories/photos.server';
import { WorkerCrashed, type PhotoWorker } from './worker-pool.server';

/**
 * The processing queue of the photo module — the one queue of photos, for client galleries and the studio alike.
 * Its state is the photos table (status 'processing' rows are jobs, claimed with a lease, FOR UPDATE SKIP LOCKED
 * across instances). One job at a time per process: the original is streamed from storage to a temporary file, the
 * worker process makes the owner's variants there (a gallery's downloads, or a studio photo's public variants), they
 * are streamed into storage, and only then the row becomes 'ready' in one UPDATE. A crash anywhere leaves a
 * 'processing' row that is redone.
 */

export const LEASE_SECONDS = 300;
export const MAX_ATTEMPTS = 3;
const TICK_MS = 30_000;
const RETRY_AFTER_SECONDS = 30;

const DELIVERY_FILES: { variant: PhotoVariant; file: string; contentType: string }[] = [
  { variant: 'small', file: 'small.webp', contentType: 'image/webp' },
  { variant: 'medium', file: 'medium.webp', contentType: 'image/webp' },
  { variant: 'web', file: 'web.jpg', contentType: 'image/jpeg' },
  { variant: 'original', file: 'download', contentType: 'image/jpeg' },
];

/** The files a job produced and where each goes in storage: a gallery's delivery set, or a studio photo's public variants. */
function outputsOf(claim: Claim, widths: readonly number[]): { key: string; file: string; contentType: string }[] {
  if (claim.owner === 'studio') {
    return widths.flatMap((w) => PUBLIC_FORMATS.map((f) => ({ key: publicVariantKey(claim.id, w, f), file: `${w}.${f}`, contentType: PUBLIC_CONTENT_TYPES[f] })));
  }
  return DELIVERY_FILES.map((f) => ({ key: variantKeyOf(claim.id, f.variant), file: f.file, contentType: f.contentType }));
}

export interface PhotoQueueDeps {
  handle: Pick<DbHandle, 'db' | 'kind'>;
  storage: Storage;
  worker: PhotoWorker;
  /** Where jobs get their temporary folder (on a disk with room for one original and its variants). */
  tmpDir: string;
  /** A photo became ready or failed. */
  onDone?: (photoId: string, owner: Claim['owner'], status: 'ready' | 'failed') => void;
}

export type JobResult = 'ready' | 'failed' | 'retry' | 'gone';

async function copyOriginal(deps: PhotoQueueDeps, claim: Claim, target: string): Promise<boolean> {
  const opened = await deps.storage.open(claim.originalKey);
  if (!opened) return false;
  await pipeline(Readable.fromWeb(opened.stream as NodeReadableStream<Uint8Array>), createWriteStream(target));
  return true;
}

export async function processClaim(deps: PhotoQueueDeps, claim: Claim): Promise<JobResult> {
  const { db } = deps.handle;
  await fs.mkdir(deps.tmpDir, { recursive: true });
  const dir = await fs.mkdtemp(path.join(deps.tmpDir, 'photo-'));
  try {
    const input = path.join(dir, 'input');
    try {
      if (!(await copyOriginal(deps, claim, input))) {
        await markFailed(db, claim.id, 'Originál fotografie v úložišti chybí. Nahrajte ji prosím znovu.');
        return 'failed';
      }
    } catch (err) {
      log.warn('photos: reading an original failed; retrying in 30 s', { photoId: claim.id, err });
      await releaseClaimSoon(db, claim.id, LEASE_SECONDS, RETRY_AFTER_SECONDS, true);
      return 'retry';
    }
    const out = path.join(dir, 'out');
    await fs.mkdir(out);
    let result;
    try {
      result = await deps.worker.run({ input, outDir: out, profile: claim.owner === 'studio' ? 'public' : 'delivery' });
    } catch (err) {
      if (!(err instanceof WorkerCrashed)) throw err;
      if (claim.attempts >= MAX_ATTEMPTS) {
        await markFailed(db, claim.id, 'Zpracování opakovaně selhalo. Zkuste to prosím znovu, nebo fotografii nahrajte v jiném formátu.');
        return 'failed';
      }
      await releaseClaimSoon(db, claim.id, LEASE_SECONDS, 0, false);
      return 'retry';
    }
    if (!result.ok) {
      await markFailed(db, claim.id, result.error);
      return 'failed';
    }
    const outputs = outputsOf(claim, result.widths);
    try {
      for (const o of outputs) await deps.storage.putFile(o.key, path.join(out, o.file), o.contentType);
    } catch (err) {
      log.warn('photos: storing variants failed; retrying in 30 s', { photoId: claim.id, err });
      await releaseClaimSoon(db, claim.id, LEASE_SECONDS, RETRY_AFTER_SECONDS, true);
      return 'retry';
    }
    const ok = await markReady(db, claim.id, {
      width: result.width,
      height: result.height,
      blurDataUrl: result.blurDataUrl,
      webBytes: result.webBytes,
      downloadBytes: result.downloadBytes,
      webCrc32: result.webCrc32,
      downloadCrc32: result.downloadCrc32,
      variantWidths: claim.owner === 'studio' ? result.widths : [],
    });
    if (!ok) {
      for (const o of outputs) await deps.storage.delete(o.key).catch(() => undefined);
      return 'gone';
    }
    return 'ready';
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs jobs until none is claimable (or storage trouble asks to wait). Returns how many were handled. */
export async function drainPhotoQueue(deps: PhotoQueueDeps): Promise<number> {
  let handled = 0;
  for (;;) {
    const claim = await claimNextPhoto(deps.handle.db, LEASE_SECONDS);
    if (!claim) return handled;
    const started = Date.now();
    const result = await processClaim(deps, claim);
    handled++;
    log.info('photos: photo processed', { photoId: claim.id, result, ms: Date.now() - started });
    if (result === 'ready' || result === 'failed') deps.onDone?.(claim.id, claim.owner, result);
    if (result === 'retry') return handled;
  }
}

const g = globalThis as unknown as { __photoQueue?: { running: boolean; again: boolean; timer?: NodeJS.Timeout } };

/** Wakes this process's queue (one job at a time; a wake-up during a run makes it look again afterwards). */
export function kickPhotoQueue(getDeps: () => Promise<PhotoQueueDeps>): void {
  const state = (g.__photoQueue ??= { running: false, again: false });
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void (async () => {
    try {
      do {
        state.again = false;
        await drainPhotoQueue(await getDeps());
      } while (state.again);
    } catch (err) {
      log.warn('photos: queue run failed; retrying on the next tick', { err });
    } finally {
      state.running = false;
    }
  })();
}

/** Start-up: release this process's stale claims (PGlite), work off what is queued, look again every 30 s. */
export async function startPhotoQueue(getDeps: () => Promise<PhotoQueueDeps>): Promise<void> {
  const state = (g.__photoQueue ??= { running: false, again: false });
  if (state.timer) return;
  const deps = await getDeps();
  if (deps.handle.kind === 'pglite') await releaseAllClaims(deps.handle.db);
  state.timer = setInterval(() => kickPhotoQueue(getDeps), TICK_MS);
  state.timer.unref();
  kickPhotoQueue(getDeps);
}
