import 'server-only';
import { getDb } from '@/db/db.server';
import { log } from '@/platform/log';
import type { ContentImage } from '@/site/public.server';
import { readyPhotoExists } from '@/content/studio/service.server';

/**
 * Her own photo when it can be shown, else the content file's: settings imported into another data directory (or
 * a photo lost with its storage) must leave the shipped image, never a broken one. A database that cannot answer
 * keeps her photo (the variant route answers its own 503).
 */
export async function ownPhotoOr(ref: ContentImage, fallback: ContentImage): Promise<ContentImage> {
  if (!('photo' in ref)) return ref;
  try {
    return (await readyPhotoExists(await getDb(), ref.photo)) ? ref : fallback;
  } catch (err) {
    log.warn('site photo: readiness unknown; keeping it', { photoId: ref.photo, err });
    return ref;
  }
}
