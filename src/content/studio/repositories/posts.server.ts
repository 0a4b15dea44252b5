import 'server-only';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { studioPostSlugs, studioPosts } from '@/db/schema';
import type { Tx } from './tx';

/** `studio_posts` and `studio_post_slugs` (her blog posts and their former slugs): their only owner. */

export type PostRow = typeof studioPosts.$inferSelect;
export type NewPost = Pick<typeof studioPosts.$inferInsert, 'id' | 'slug' | 'title' | 'postDate' | 'excerpt' | 'body' | 'coverPhotoId'>;
/** The columns an edit may change (`updatedAt` is set here). */
export type PostChanges = Partial<Pick<PostRow, 'title' | 'postDate' | 'excerpt' | 'body' | 'coverPhotoId' | 'published' | 'slug'>>;

export interface PostListRow {
  id: string;
  slug: string;
  title: string;
  date: string;
  published: boolean;
}

/** Every post, newest first. */
export async function listPostRows(db: Db): Promise<PostListRow[]> {
  return db
    .select({ id: studioPosts.id, slug: studioPosts.slug, title: studioPosts.title, date: studioPosts.postDate, published: studioPosts.published })
    .from(studioPosts)
    .orderBy(desc(studioPosts.postDate), asc(studioPosts.id));
}

export async function findPost(db: Db, id: string): Promise<PostRow | null> {
  const [p] = await db.select().from(studioPosts).where(eq(studioPosts.id, id));
  return p ?? null;
}

/** Taken by another post of the database: as its current slug or as a former one. */
export async function postSlugTaken(db: Db, slug: string, exceptPostId?: string): Promise<boolean> {
  const current = await db
    .select({ id: studioPosts.id })
    .from(studioPosts)
    .where(exceptPostId ? and(eq(studioPosts.slug, slug), ne(studioPosts.id, exceptPostId)) : eq(studioPosts.slug, slug));
  if (current.length) return true;
  const old = await db
    .select({ id: studioPostSlugs.postId })
    .from(studioPostSlugs)
    .where(exceptPostId ? and(eq(studioPostSlugs.slug, slug), ne(studioPostSlugs.postId, exceptPostId)) : eq(studioPostSlugs.slug, slug));
  return old.length > 0;
}

export async function insertPost(db: Db, post: NewPost): Promise<void> {
  await db.insert(studioPosts).values(post);
}

/** The old URL keeps working (308 to the new one); a slug that comes back is no longer a former one. */
export async function keepFormerPostSlug(tx: Tx, postId: string, from: string, to: string): Promise<void> {
  await tx.delete(studioPostSlugs).where(eq(studioPostSlugs.slug, to));
  await tx.insert(studioPostSlugs).values({ slug: from, postId }).onConflictDoNothing();
}

export async function updatePostRow(db: Db | Tx, id: string, changes: PostChanges): Promise<void> {
  await db
    .update(studioPosts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(studioPosts.id, id));
}

/** Whether the deleted post was published; null when there was no such post. */
export async function deletePostRow(db: Db, id: string): Promise<{ published: boolean } | null> {
  const deleted = await db.delete(studioPosts).where(eq(studioPosts.id, id)).returning({ published: studioPosts.published });
  return deleted[0] ?? null;
}

/** Every published post, newest first. */
export async function publishedPostRows(db: Db): Promise<PostRow[]> {
  return db.select().from(studioPosts).where(eq(studioPosts.published, true)).orderBy(desc(studioPosts.postDate), asc(studioPosts.slug));
}

/** The current slug of a published post that used to be reachable as `slug`, or null. */
export async function renamedPostSlug(db: Db, slug: string): Promise<string | null> {
  const rows = await db
    .select({ slug: studioPosts.slug })
    .from(studioPostSlugs)
    .innerJoin(studioPosts, eq(studioPosts.id, studioPostSlugs.postId))
    .where(and(eq(studioPostSlugs.slug, slug), eq(studioPosts.published, true)));
  return rows[0]?.slug ?? null;
}

/** Whether the photo is the cover of a published post. */
export async function coverOfPublishedPost(db: Db, photoId: string): Promise<boolean> {
  const rows = await db
    .select({ id: studioPosts.id })
    .from(studioPosts)
    .where(and(eq(studioPosts.coverPhotoId, photoId), eq(studioPosts.published, true)))
    .limit(1);
  return rows.length > 0;
}
