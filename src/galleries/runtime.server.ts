import 'server-only';
import { getDbHandle } from '@/db/db.server';
import { getStorage } from '@/platform/storage/storage.server';
import type { GalleryDeps } from './read.server';

/** The galleries wired to the process's database and storage. */
export async function galleryDeps(): Promise<GalleryDeps> {
  const handle = await getDbHandle();
  return { db: handle.db, storage: getStorage() };
}
