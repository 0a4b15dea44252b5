import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDbHandle } from '@/db/db.server';
import { resetEnvForTests } from '@/platform/env';
import { clearContentCache } from './cache';
import { getBlogPost, getBlogPosts, getCategories, getContentProvider, getContentStatus, getWedding, getWeddingById, getWeddings } from './registry.server';

const saved = { ...process.env };
// Open (and migrate) the in-memory database once, under the hook's longer timeout rather than inside a test.
beforeAll(async () => {
  process.env.DATABASE_URL = 'memory://';
  resetEnvForTests();
  await getDbHandle();
});
beforeEach(() => {
  delete process.env.CONTENT_SOURCE;
  // The local source reads the studio's published weddings: an empty in-memory database (none → the samples).
  process.env.DATABASE_URL = 'memory://';
  resetEnvForTests();
  clearContentCache();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe('content registry (local default)', () => {
  it('defaults to the local provider and rejects unknown names listing the valid ones', () => {
    expect(getContentProvider().name).toBe('local');
    expect(() => getContentProvider('wordpress')).toThrow(/Unknown content source "wordpress"; valid names: local/);
  });

  it('serves sample weddings, details by slug and id, blog and categories', async () => {
    const weddings = await getWeddings();
    expect(weddings).toHaveLength(5);
    const detail = await getWedding('tereza-jakub');
    expect(detail?.couple).toBe('Tereza & Jakub');
    expect(detail?.wedding_images.length).toBeGreaterThanOrEqual(20);
    expect(detail?.coverImage).toEqual(detail?.wedding_images[0]);
    expect((await getWeddingById(detail!.id))?.slug).toBe('tereza-jakub');
    expect(await getWedding('neexistuje')).toBeNull();
    expect(await getWeddingById('neexistuje')).toBeNull();
    const posts = await getBlogPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect((await getBlogPost(posts[0].slug))?.title).toBe(posts[0].title);
    expect(await getBlogPost('neexistuje')).toBeNull();
    expect((await getCategories()).map((c) => c.slug)).toContain('obrad');
  });

  it('reports status of the local source', async () => {
    const status = await getContentStatus();
    expect(status).toMatchObject({ source: 'local', answered: true, itemCount: 5, usingFallback: false, lastError: null });
  });
});
