import 'server-only';
import { getDbHandle } from '@/db/db.server';
import { getStorage } from '@/platform/storage/storage.server';
import { kickPhotos } from '@/photos/public.server';
import type { GalleryDeps } from './read.server';

/** The galleries wired to the process's database and storage; uploads wake the photo queue. */
export async function galleryDeps(): Promise<GalleryDeps & { kick: () => void }> {
  const handle = await getDbHandle();
  return { db: handle.db, storage: getStorage(), kick: kickPhotos };
}
