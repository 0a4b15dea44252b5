import 'server-only';
import { getDbHandle } from '@/db/db.server';
import { log } from '@/platform/log';
import { getStorage } from '@/platform/storage/storage.server';
import { kickPhotos, onPhotoDone } from '@/photos/public.server';
import { invalidateContent } from '../invalidate.server';
import { renamedPostSlug } from './posts.server';
import { renamedWeddingSlug } from './public.server';
import { photoVisibility, type StudioDeps } from './service.server';

/**
 * The studio wired to the app: the process's database and storage, "content changed" through
 * invalidateContent() (after every edit, and when a studio photo finishes processing — it works outside a request
 * too), and the photo module's processing queue woken after each upload.
 */

export async function studioDeps(): Promise<StudioDeps> {
  const handle = await getDbHandle();
  return { db: handle.db, storage: getStorage(), invalidate: () => void invalidateContent(), kick: kickPhotos };
}

/**
 * While a public photo's pages keep changing (photos of a published wedding finishing one after another), "content
 * changed" is said at once for the first, then at most every CHANGE_EVERY_MS, with a last one after the final photo:
 * every call expires the whole render cache (decision 041). A draft's photos change nothing public.
 */
export const CHANGE_EVERY_MS = 10_000;

export function coalescedInvalidation(invalidate: () => void, everyMs = CHANGE_EVERY_MS, now = () => Date.now()): () => void {
  let last = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  return () => {
    if (timer) return;
    const wait = last + everyMs - now();
    if (wait <= 0) {
      last = now();
      invalidate();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      last = now();
      invalidate();
    }, wait);
    timer.unref();
  };
}

const g = globalThis as unknown as { __studioPhotoListener?: (photoId: string, owner: 'gallery' | 'studio', status: 'ready' | 'failed') => void };

/** Start-up step: a finished studio photo that shows (or would show) publicly expires the cached pages. */
export function listenForStudioPhotos(): void {
  const announce = coalescedInvalidation(() => void invalidateContent());
  g.__studioPhotoListener ??= (photoId, owner) => {
    if (owner !== 'studio') return;
    void (async () => {
      try {
        if ((await photoVisibility((await getDbHandle()).db, photoId)) === 'public') announce();
      } catch (err) {
        log.warn('studio: checking a finished photo failed', { photoId, err });
      }
    })();
  };
  onPhotoDone(g.__studioPhotoListener);
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
