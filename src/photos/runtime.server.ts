import 'server-only';
import { getDbHandle } from '@/db/db.server';
import { getStorage } from '@/platform/storage/storage.server';
import type { PhotoDeps } from './service.server';

/** The photo module wired to the process's database and storage. */
export async function photoDeps(): Promise<PhotoDeps> {
  const handle = await getDbHandle();
  return { db: handle.db, storage: getStorage() };
}
