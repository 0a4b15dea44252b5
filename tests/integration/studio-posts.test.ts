process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { studioPosts } from '@/db/schema';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { createLocalStorage } from '@/platform/storage/local';
import { loadLocalBlogPosts } from '@/content/blog-local';
import { createLocalProvider } from '@/content/providers/local/local-provider';
import { StudioError } from '@/content/studio/errors';
import { postCreateSchema, postPatchSchema } from '@/content/studio/input';
import { coverChoices, createPost, deletePost, getPost, listPosts, previewPost, publishedPosts, renamedPostSlug, updatePost, type PostDeps } from '@/content/studio/posts.server';
import { drainPhotoQueue } from '@/photos/queue.server';
import { createPhotoWorker } from '@/photos/worker-pool.server';
import { uploadInput } from '@tests/support/studio-upload';
import { createWedding, deletePhoto, deleteWedding, updatePhoto, uploadPhoto, type StudioDeps } from '@/content/studio/service.server';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * Blog posts of the studio against PGlite and (with TEST_DATABASE_URL) PostgreSQL: the use cases, the slug rules
 * shared with the Markdown files of content/blog, and what the `local` content source then lists.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-posts-'));
const worker = createPhotoWorker();
afterAll(async () => {
  await worker.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function expectStudioError(p: Promise<unknown>, status: number, message: RegExp): Promise<StudioError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StudioError);
  const se = err as StudioError;
  expect(se.status).toBe(status);
  expect(se.message).toMatch(message);
  return se;
}

describe('post input (zod at the boundary)', () => {
  it('refuses bad fields with Czech messages', () => {
    const bad = postCreateSchema.safeParse({ title: '  ', date: '2026-02-30', slug: 'Špatná adresa' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Název: povinné pole.', 'Datum: takový den neexistuje.', 'Adresa (slug): jen malá písmena bez diakritiky, číslice a pomlčky.']));
    expect(postPatchSchema.safeParse({ author: 'x' }).success).toBe(false);
    expect(postPatchSchema.safeParse({ published: 'ano' }).error?.issues[0].message).toBe('Zveřejněno: očekáváno ano/ne.');
  });
});

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('studio blog posts on %s', (kind, enabled) => {
  let h: DbHandle;
  let deps: PostDeps;
  let studio: StudioDeps;
  let invalidations = 0;
  let fileSlugs: string[] = [];

  beforeAll(async () => {
    if (!enabled) return;
    h = await createTestDb(kind);
    fileSlugs = (await loadLocalBlogPosts()).map((p) => p.slug);
    deps = { db: h.db, invalidate: () => void invalidations++ };
    studio = { db: h.db, storage: createLocalStorage(fs.mkdtempSync(path.join(tmp, `${kind}-`))), invalidate: () => void invalidations++ };
  });
  afterAll(async () => {
    await h?.close();
  });
  const clashes: string[] = [];
  const provider = () => createLocalProvider({ ownPosts: () => publishedPosts(h.db), onSlugClash: (s) => clashes.push(s) });

  it.runIf(enabled)('creates a draft, publishes it next to the Markdown posts, renames it (308) and hides it again', async () => {
    expect(fileSlugs.length).toBeGreaterThan(0);
    const { id, slug } = await createPost(deps, { title: 'Jak vybrat šaty na svatbu?', date: '2026-11-20', excerpt: 'Pár rad.', body: '## Střih\n\nHlavně **pohodlí**.' });
    expect(slug).toBe('jak-vybrat-saty-na-svatbu');
    // A draft is never public, nor in the preview of anyone but the admin page.
    expect((await provider().getBlogPosts()).map((p) => p.slug)).toEqual(fileSlugs);
    expect(await provider().getBlogPost(slug)).toBeNull();
    expect((await previewPost(h.db, id))?.title).toBe('Jak vybrat šaty na svatbu?');

    const before = invalidations;
    await updatePost(deps, id, { published: true });
    expect(invalidations).toBe(before + 1);
    const listed = await provider().getBlogPosts();
    expect(listed.map((p) => p.slug)).toEqual([slug, ...fileSlugs]); // newest first, Markdown posts still there
    expect(await provider().getBlogPost(slug)).toMatchObject({ title: 'Jak vybrat šaty na svatbu?', excerpt: 'Pár rad.', date: '2026-11-20', body: '## Střih\n\nHlavně **pohodlí**.', readingMinutes: 1 });

    // The slug changes; the old one leads to the new one while the post is published.
    const renamed = await updatePost(deps, id, { slug: 'svatebni-saty' });
    expect(renamed.slug).toBe('svatebni-saty');
    expect(await provider().getBlogPost(slug)).toBeNull();
    expect(await renamedPostSlug(h.db, slug)).toBe('svatebni-saty');
    // The former slug stays reserved for this post: another post cannot take it…
    await expectStudioError(createPost(deps, { title: 'Jiný', date: '2026-11-21', slug }), 409, /už patří jinému článku/);
    // …but the post itself may go back to it (then it is no longer a former slug).
    await updatePost(deps, id, { slug });
    expect(await renamedPostSlug(h.db, slug)).toBeNull();
    expect(await renamedPostSlug(h.db, 'svatebni-saty')).toBe(slug);

    await updatePost(deps, id, { published: false });
    expect((await provider().getBlogPosts()).map((p) => p.slug)).toEqual(fileSlugs);
    expect(await renamedPostSlug(h.db, 'svatebni-saty')).toBeNull(); // a hidden post has no redirect either
    expect((await listPosts(h.db)).find((p) => p.id === id)).toMatchObject({ published: false, slug });

    await deletePost(deps, id);
    expect(await getPost(h.db, id)).toBeNull();
    await expectStudioError(deletePost(deps, id), 404, /Článek nenalezen/);
  });

  it.runIf(enabled)('keeps slugs unique across the database and the Markdown files', async () => {
    // A title whose slug a Markdown file has gets the next free one; an explicit file slug is refused.
    const file = (await loadLocalBlogPosts())[0];
    const auto = await createPost(deps, { title: file.slug.replace(/-/g, ' '), date: '2026-10-01' });
    expect(auto.slug).toBe(`${file.slug}-2`);
    await expectStudioError(createPost(deps, { title: 'X', date: '2026-10-01', slug: file.slug }), 409, new RegExp(`„${file.slug}“ už patří jinému článku`));
    await expectStudioError(updatePost(deps, auto.id, { slug: file.slug }), 409, /už patří jinému článku/);
    // Publishing needs a text.
    await expectStudioError(updatePost(deps, auto.id, { published: true }), 400, /bez textu/);
    await expectStudioError(updatePost(deps, '00000000-0000-4000-8000-000000000000', { title: 'Nic' }), 404, /Článek nenalezen/);

    // A clash can still arise when a Markdown file with the post's slug is deployed later: the admin's post wins.
    await h.db.update(studioPosts).set({ slug: file.slug, body: 'Text z administrace.', published: true }).where(eq(studioPosts.id, auto.id));
    const listed = await provider().getBlogPosts();
    expect(listed.filter((p) => p.slug === file.slug)).toHaveLength(1);
    expect((await provider().getBlogPost(file.slug))?.body).toBe('Text z administrace.');
    expect(clashes).toContain(file.slug);
    await deletePost(deps, auto.id);
    expect((await provider().getBlogPost(file.slug))?.title).toBe(file.title);
  });

  it.runIf(enabled)('takes a processed, described studio photo as the cover; a deleted photo leaves no broken cover', async () => {
    const wedding = await createWedding(studio, { couple: 'Blanka & Ota', date: '2026-05-02', location: 'Telč' });
    const photo = await uploadPhoto(studio, wedding.id, uploadInput(path.join(tmp, 'in'), await makeTestJpeg({ width: 1200, height: 800, seed: 41 }), 'obrad.jpg'));
    // Still processing: not a cover yet.
    await expectStudioError(createPost(deps, { title: 'S fotkou', date: '2026-06-01', coverPhotoId: photo.id }), 400, /zpracovaná fotografie/);
    expect(await drainPhotoQueue({ handle: h, storage: studio.storage, worker, tmpDir: path.join(tmp, 'work') })).toBe(1);
    await expectStudioError(createPost(deps, { title: 'S fotkou', date: '2026-06-01', coverPhotoId: photo.id }), 400, /nemá popis/);
    expect(await coverChoices(h.db)).toEqual([]);
    await updatePhoto(studio, photo.id, { alt: 'Obřad na náměstí v Telči' });
    expect(await coverChoices(h.db)).toEqual([{ id: photo.id, weddingCouple: 'Blanka & Ota', fileName: 'obrad.jpg', alt: 'Obřad na náměstí v Telči', thumbWidth: 384 }]);

    const post = await createPost(deps, { title: 'S fotkou', date: '2026-06-01', body: 'Text.', coverPhotoId: photo.id });
    await updatePost(deps, post.id, { published: true });
    const shown = await provider().getBlogPost(post.slug);
    expect(shown?.coverImage).toMatchObject({ id: photo.id, url: `/api/photos/${photo.id}/1200`, width: 1200, height: 800, alternativeText: 'Obřad na náměstí v Telči' });
    expect(shown?.coverImage?.blurDataURL).toMatch(/^data:image\/webp;base64,/);

    await deletePhoto(studio, photo.id);
    expect((await getPost(h.db, post.id))?.coverPhotoId).toBeNull();
    expect((await provider().getBlogPost(post.slug))?.coverImage).toBeUndefined();
    await deletePost(deps, post.id);
    await deleteWedding(studio, wedding.id);
  }, 120_000);

  it.runIf(enabled)('falls back to the Markdown posts when the database cannot be read', async () => {
    const errors: unknown[] = [];
    const broken = createLocalProvider({
      ownPosts: () => Promise.reject(new Error('database down')),
      onError: (e) => errors.push(e),
    });
    expect((await broken.getBlogPosts()).map((p) => p.slug)).toEqual(fileSlugs);
    expect(errors).toHaveLength(1);
  });
});
