import 'server-only';
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db } from '@/db/client';
import { loadLocalBlogPosts } from '../blog-local';
import { slugify } from '../normalize';
import { readingMinutes } from '../reading-time';
import type { BlogPost } from '../types';
import { conflict, notFound, validation } from './errors';
import type { PostCreate, PostPatch } from './input';
import { readyPhotos, toImage } from './public.server';
import * as photoRows from './repositories/photos.server';
import * as postRows from './repositories/posts.server';
import type { PostRow } from './repositories/posts.server';
import { weddingCouplesNewestFirst } from './repositories/weddings.server';
import type { StudioDeps } from './service.server';
import type { AdminPost, AdminPostSummary, CoverChoice } from './types';

export type { AdminPost, AdminPostSummary, CoverChoice } from './types';

/**
 * Blog posts of the studio: written and published in /admin/blog (API /api/admin/posts…), shown by the `local`
 * content source next to the Markdown files in content/blog. A slug is unique across both sources: the admin cannot
 * take a file's slug (docs/decisions/040-blog-posts-in-the-database.md). The optional cover is an already processed
 * studio photo, so it has the same variants, URLs and blur placeholder as the galleries. Every change that can alter
 * a public page ends with `deps.invalidate()`.
 */

export interface PostDeps extends Pick<StudioDeps, 'db' | 'invalidate'> {
  /** Slugs of the Markdown posts in content/blog (default: read the folder). */
  markdownSlugs?: () => Promise<string[]>;
}

const POST_NOT_FOUND = 'Článek nenalezen (možná byl mezitím smazán).';
const taken = (slug: string) => conflict(`Adresa „${slug}“ už patří jinému článku. Zvolte prosím jinou.`, { field: 'slug' });

function toAdminPost(p: PostRow): AdminPost {
  return {
    id: p.id,
    slug: p.slug,
    published: p.published,
    title: p.title,
    date: p.postDate,
    excerpt: p.excerpt,
    body: p.body,
    coverPhotoId: p.coverPhotoId,
    updatedAt: p.updatedAt.toISOString(),
  };
}

async function markdownSlugs(deps: PostDeps): Promise<string[]> {
  if (deps.markdownSlugs) return deps.markdownSlugs();
  return (await loadLocalBlogPosts()).map((p) => p.slug);
}

export async function listPosts(db: Db): Promise<AdminPostSummary[]> {
  return postRows.listPostRows(db);
}

export async function getPost(db: Db, id: string): Promise<AdminPost | null> {
  const p = await postRows.findPost(db, id);
  return p ? toAdminPost(p) : null;
}

/** Taken by another post of the database (current or former slug) or by a Markdown file. */
async function slugTaken(deps: PostDeps, slug: string, exceptPostId?: string): Promise<boolean> {
  if (await postRows.postSlugTaken(deps.db, slug, exceptPostId)) return true;
  return (await markdownSlugs(deps)).includes(slug);
}

/** "Jak vybrat fotografa?" → jak-vybrat-fotografa, or …-2, -3… when taken. */
async function freeSlug(deps: PostDeps, title: string): Promise<string> {
  const base = slugify(title).slice(0, 100).replace(/-+$/, '') || 'clanek';
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(deps, candidate))) return candidate;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}

/** A cover must be a processed studio photo with a description (it is shown with that alt text). */
async function checkCover(db: Db, photoId: string): Promise<void> {
  const placement = await photoRows.photoDescription(db, photoId);
  const [photo] = placement ? (await readyPhotos(db, [placement])).map((r) => r.placement) : [];
  if (!photo) throw validation('Titulní fotografie musí být zpracovaná fotografie ze svateb ve studiu.', { field: 'coverPhotoId' });
  if (!photo.alt.trim()) throw validation('Titulní fotografie nemá popis (alt). Doplňte ho prosím nejdřív u svatby.', { field: 'coverPhotoId' });
}

export async function createPost(deps: PostDeps, input: PostCreate): Promise<{ id: string; slug: string }> {
  const { db } = deps;
  let slug = input.slug;
  if (slug && (await slugTaken(deps, slug))) throw taken(slug);
  slug ??= await freeSlug(deps, input.title);
  if (input.coverPhotoId) await checkCover(db, input.coverPhotoId);
  const id = randomUUID();
  try {
    await postRows.insertPost(db, {
      id,
      slug,
      title: input.title,
      postDate: input.date,
      excerpt: input.excerpt ?? '',
      body: input.body ?? '',
      coverPhotoId: input.coverPhotoId ?? null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(slug);
    throw err;
  }
  // A draft is never public; nothing to invalidate until it is published.
  return { id, slug };
}

export async function updatePost(deps: PostDeps, id: string, patch: PostPatch): Promise<AdminPost> {
  const { db } = deps;
  const current = await getPost(db, id);
  if (!current) throw notFound(POST_NOT_FOUND);
  if (patch.coverPhotoId) await checkCover(db, patch.coverPhotoId);
  const publishing = patch.published ?? current.published;
  if (publishing && !(patch.body ?? current.body).trim()) throw validation('Článek bez textu nelze zveřejnit.', { field: 'published' });
  const slugChange = patch.slug && patch.slug !== current.slug ? patch.slug : null;
  if (slugChange && (await slugTaken(deps, slugChange, id))) throw taken(slugChange);

  try {
    await db.transaction(async (tx) => {
      if (slugChange) await postRows.keepFormerPostSlug(tx, id, current.slug, slugChange);
      await postRows.updatePostRow(tx, id, {
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.date !== undefined ? { postDate: patch.date } : {}),
          ...(patch.excerpt !== undefined ? { excerpt: patch.excerpt } : {}),
          ...(patch.body !== undefined ? { body: patch.body } : {}),
          ...(patch.coverPhotoId !== undefined ? { coverPhotoId: patch.coverPhotoId } : {}),
          ...(patch.published !== undefined ? { published: patch.published } : {}),
          ...(slugChange ? { slug: slugChange } : {}),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(slugChange ?? current.slug);
    throw err;
  }
  deps.invalidate();
  const updated = await getPost(db, id);
  if (!updated) throw notFound(POST_NOT_FOUND);
  return updated;
}

export async function deletePost(deps: PostDeps, id: string): Promise<void> {
  const deleted = await postRows.deletePostRow(deps.db, id);
  if (!deleted) throw notFound(POST_NOT_FOUND);
  if (deleted.published) deps.invalidate();
}

/** Ready, described studio photos the admin can choose as a cover: newest weddings first, in gallery order. */
export async function coverChoices(db: Db): Promise<CoverChoice[]> {
  // Grouped by wedding (newest first), each wedding's photos in gallery order.
  const weddings = await weddingCouplesNewestFirst(db);
  const photos = await photoRows.describedWeddingPhotos(db);
  const byWedding = new Map<string, typeof photos>();
  for (const p of photos) byWedding.set(p.weddingId, [...(byWedding.get(p.weddingId) ?? []), p]);
  const rows = weddings.flatMap((w) => (byWedding.get(w.id) ?? []).map((p) => ({ id: p.id, couple: w.couple, fileName: p.fileName, alt: p.alt, category: p.category })));
  return (await readyPhotos(db, rows)).map(({ placement: r, info }) => ({ id: r.id, weddingCouple: r.couple, fileName: r.fileName, alt: r.alt, thumbWidth: info.variantWidths[0] ?? 384 }));
}

// ——— What the public site reads ———

async function toBlogPosts(db: Db, posts: PostRow[]): Promise<BlogPost[]> {
  const coverIds = posts.map((p) => p.coverPhotoId).filter((id): id is string => Boolean(id));
  const covers = coverIds.length ? await readyPhotos(db, await photoRows.photoRowsByIds(db, coverIds)) : [];
  return posts.map((p) => {
    const cover = covers.find((c) => c.placement.id === p.coverPhotoId);
    const post: BlogPost = {
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      date: p.postDate,
      body: p.body,
      relatedWeddings: [],
      readingMinutes: readingMinutes(p.body),
    };
    if (cover) post.coverImage = toImage(cover, 'large');
    return post;
  });
}

/** Every published post of the studio, newest first. */
export async function publishedPosts(db: Db): Promise<BlogPost[]> {
  return toBlogPosts(db, await postRows.publishedPostRows(db));
}

/** Any post (drafts too) for the admin's preview. */
export async function previewPost(db: Db, id: string): Promise<BlogPost | null> {
  const p = await postRows.findPost(db, id);
  if (!p) return null;
  return (await toBlogPosts(db, [p]))[0] ?? null;
}

/** The current slug of a published post that used to be reachable as `slug` (for the 308), or null. */
export async function renamedPostSlug(db: Db, slug: string): Promise<string | null> {
  return postRows.renamedPostSlug(db, slug);
}
