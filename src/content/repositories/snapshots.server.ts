import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { contentSnapshots } from '@/db/schema';

/** `content_snapshots`: the last good answer of a remote content source per key. Its only owner. */

export async function readSnapshot(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: contentSnapshots.value }).from(contentSnapshots).where(eq(contentSnapshots.key, key));
  return row?.value;
}

export async function writeSnapshot(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(contentSnapshots)
    .values({ key, value })
    .onConflictDoUpdate({ target: contentSnapshots.key, set: { value, savedAt: new Date() } });
}

export async function removeSnapshot(db: Db, key: string): Promise<void> {
  await db.delete(contentSnapshots).where(eq(contentSnapshots.key, key));
}
