import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStrapiProvider, type StrapiConfig } from '@/content/providers/strapi/strapi-provider';
import { clearContentCache } from '@/content/cache';
import { clearContentErrors, clearContentOutages, contentOutage, lastContentError } from '@/content/status';
import { memorySnapshots } from '@/content/providers/stale-if-error';
import { getCachedContent, getContentStatus, getWedding, getWeddings } from '@/content/registry.server';
import { resetEnvForTests } from '@/platform/env';
import { GET as mediaGET } from '@/app/api/media/[source]/[...path]/route';
import { startFakeStrapi, type FakeStrapi } from '../fakes/strapi';

/** The Strapi content provider against a fake Strapi over real HTTP, in all three response shapes. */

const savedEnv = { ...process.env };
beforeEach(() => {
  clearContentErrors();
  clearContentOutages();
  clearContentCache();
  process.env.LOG_LEVEL = 'error';
  // The registry keeps the remote sources' last good answers in the database: an in-memory one here.
  process.env.DATABASE_URL = 'memory://';
});
afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvForTests();
});

function provider(s: FakeStrapi, extra: Partial<StrapiConfig> = {}) {
  return createStrapiProvider({ url: s.url, prefix: s.prefix, version: s.version, timeoutMs: 2000, token: s.token, ...extra });
}

// qs (the protocol's serializer) encodes `*` as %2A; Strapi decodes it like any value.
describe.each(['v5', 'v4', 'v3'] as const)('Strapi %s', (version) => {
  let s: FakeStrapi;
  beforeAll(async () => {
    s = await startFakeStrapi({ version });
  });
  afterAll(async () => {
    await s.stop();
  });
  beforeEach(() => {
    s.setMode('ok');
    s.requests.length = 0;
  });

  const api = version === 'v3' ? '' : '/api';

  it('lists weddings with the protocol query and reshapes them with fallbacks', async () => {
    const list = await provider(s).getWeddings();
    expect(s.requests[0]).toBe(version === 'v3' ? '/weddings?_limit=100' : '/api/weddings?populate=%2A&pagination[pageSize]=100');
    expect(list.map((w) => w.couple)).toEqual(['Fake Strapi: Veronika & Lukáš', 'Fake Strapi: Nikola & David', 'Unnamed Couple']);
    const [veronika, nikola, anon] = list;
    expect(veronika).toMatchObject({ id: version === 'v5' ? 'wed1veronikadoc' : '1', slug: 'veronika-lukas', year: 2024, favorite: true, date: '2024-05-18' });
    // Relative /uploads/… URL joined to the server (not /api) and delivered through the site's media route.
    expect(veronika.coverImage).toMatchObject({ url: '/api/media/strapi/uploads/veronika-cover_a1b2c3.jpg', width: 1600, height: 1067, alternativeText: 'Novomanželé před zámkem' });
    expect(nikola).toMatchObject({ year: 2022, favorite: false, shortDescription: '' });
    expect(nikola.coverImage?.url).toMatch(/^\/api\/placeholder\/nikola-david-1\//);
    expect(anon).toMatchObject({ couple: 'Unnamed Couple', date: 'Date not specified', location: 'Location not specified', year: 2021, favorite: false });
  });

  it('reads a detail by slug (filters[slug][$eq] + populate=*), skipping non-images, naming categories from captions', async () => {
    const d = await provider(s).getWedding('veronika-lukas');
    expect(s.requests).toContain(version === 'v3' ? '/weddings?slug=veronika-lukas' : '/api/weddings?filters[slug][$eq]=veronika-lukas&populate=%2A');
    expect(d!.wedding_images.map((i) => i.url)).toEqual([
      '/api/media/strapi/uploads/veronika-1_a1b2c3.jpg',
      '/api/media/strapi/uploads/veronika-2_a1b2c3.jpg',
      '/api/media/strapi/uploads/veronika-3_a1b2c3.jpg',
    ]);
    expect(d!.wedding_images.map((i) => i.alternativeText)).toEqual(['Obřad v zahradě', '', 'Prstýnky']);
    expect(d!.wedding_images.map((i) => i.sizeHint)).toEqual(['large', 'medium', 'small']);
    expect(d!.wedding_images.map((i) => i.category ?? null)).toEqual([
      { id: 'category-obrad', name: 'Obřad', slug: 'obrad' },
      { id: 'category-tanec', name: 'První tanec', slug: 'tanec' },
      null,
    ]);
    expect(d!.story).toBe('## Zámek Zbiroh\n\nVeronika a Lukáš měli svatbu na zámku.\n\n**Tančilo se do rána.**');
    expect(d!.coverImage?.url).toBe('/api/media/strapi/uploads/veronika-cover_a1b2c3.jpg');
  });

  it('reads a detail by id', async () => {
    const id = version === 'v5' ? 'wed1veronikadoc' : '1';
    expect((await provider(s).getWeddingById(id))?.slug).toBe('veronika-lukas');
    const expected = { v5: '/api/weddings?filters[documentId][$eq]=wed1veronikadoc&populate=%2A', v4: '/api/weddings?filters[id][$eq]=1&populate=%2A', v3: '/weddings?id=1' }[version];
    expect(s.requests).toContain(expected);
  });

  it('gives a detail without images the placeholder gallery; sample slugs are unknown while Strapi has weddings', async () => {
    const d = await provider(s).getWedding('nikola-david');
    expect(d!.wedding_images.length).toBeGreaterThanOrEqual(20);
    expect(d!.coverImage).toEqual(d!.wedding_images[0]);
    expect(await provider(s).getWedding('eliska-vojtech')).toBeNull();
    expect(await provider(s).getWeddingById('4')).toBeNull();
    expect(await provider(s).getWedding('neexistuje')).toBeNull();
    s.setMode('empty');
    expect((await provider(s).getWedding('eliska-vojtech'))?.couple).toBe('Eliška & Vojtěch');
  });

  it('keeps the last good list, details, posts and categories while Strapi fails, also in a new process', async () => {
    const snapshots = memorySnapshots();
    const warm = provider(s, { snapshots });
    const list = await warm.getWeddings();
    const detail = await warm.getWedding('veronika-lukas');
    const posts = await warm.getBlogPosts();
    expect(list[0].couple).toBe('Fake Strapi: Veronika & Lukáš');
    s.setMode('server-error');
    expect(await warm.getWeddings()).toEqual(list);
    expect(await warm.getWedding('veronika-lukas')).toEqual(detail);
    expect(await warm.getBlogPosts()).toEqual(posts);
    expect(await warm.getWedding('tereza-jakub')).toBeNull();
    expect(contentOutage('strapi')).toMatchObject({ source: 'strapi', failures: 4 });
    // A restart: a new provider with nothing in memory reads the stored answers.
    const restarted = provider(s, { snapshots });
    expect(await restarted.getWeddings()).toEqual(list);
    expect(await restarted.getWedding('veronika-lukas')).toEqual(detail);
    expect(await restarted.getWedding('eliska-vojtech')).toBeNull();
    expect(await restarted.lastGoodWeddingCount()).toBe(list.length);
    // Strapi back: fresh content, the outage is over.
    s.setMode('ok');
    s.data.weddings[0].fields.couple = 'Fake Strapi: Veronika & Lukáš (nově)';
    try {
      expect((await restarted.getWeddings())[0].couple).toBe('Fake Strapi: Veronika & Lukáš (nově)');
      expect(contentOutage('strapi')).toBeNull();
    } finally {
      s.data.weddings[0].fields.couple = 'Fake Strapi: Veronika & Lukáš';
    }
  });

  it.each(['unauthorized', 'forbidden', 'not-found', 'rate-limited', 'server-error', 'invalid', 'empty'] as const)(
    'falls back to the sample weddings when Strapi answers %s',
    async (mode) => {
      s.setMode(mode);
      const list = await provider(s).getWeddings();
      expect(list.map((w) => w.couple)).toContain('Tereza & Jakub');
      expect(list).toHaveLength(5);
      if (mode !== 'empty') expect(lastContentError('strapi')?.context).toBe('list');
      expect((await provider(s).getWedding('tereza-jakub'))?.couple).toBe('Tereza & Jakub');
      expect(await provider(s).getWedding('veronika-lukas')).toBeNull();
    },
  );

  it('is chosen by the registry from the env (v3 without the /api prefix)', async () => {
    Object.assign(process.env, s.env(), { STRAPI_PREFIX: '' });
    delete process.env.STRAPI_PREFIX;
    resetEnvForTests();
    expect((await getWeddings())[0].couple).toBe('Fake Strapi: Veronika & Lukáš');
    expect((await getContentStatus()).config.strapiPrefix).toBe(version === 'v3' ? '' : '/api');
  });

  it('serves the uploads through /api/media', async () => {
    Object.assign(process.env, s.env());
    resetEnvForTests();
    const w = (await getWeddings())[0];
    const path = w.coverImage!.url.split('/').slice(4);
    const res = await mediaGET(new Request(`http://site${w.coverImage!.url}`), { params: Promise.resolve({ source: 'strapi', path }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const missing = await mediaGET(new Request('http://site/x'), { params: Promise.resolve({ source: 'strapi', path: ['uploads', 'nic.jpg'] }) });
    expect(missing.status).toBe(404);
    // Only Strapi's /uploads/ is proxied: its content API (JSON, possibly private with the site's token) is not.
    const json = await mediaGET(new Request('http://site/x'), { params: Promise.resolve({ source: 'strapi', path: api ? ['api', 'weddings'] : ['weddings'] }) });
    expect(json.status).toBe(404);
    expect(await json.text()).not.toContain('"data"');
  });
});

describe('Strapi details', () => {
  let s: FakeStrapi;
  beforeAll(async () => {
    s = await startFakeStrapi({ version: 'v5', token: 'secret-api-token' });
  });
  afterAll(async () => {
    await s.stop();
  });
  beforeEach(() => {
    s.setMode('ok');
    s.requests.length = 0;
  });

  it('sends the API token as a bearer token; without it or with a wrong one it falls back', async () => {
    expect((await provider(s).getWeddings())[0].couple).toBe('Fake Strapi: Veronika & Lukáš');
    expect((await provider(s, { token: undefined }).getWeddings())[0].couple).not.toMatch(/^Fake/);
    expect(lastContentError('strapi')?.message).toMatch(/answered 403 \(ForbiddenError: Forbidden\)/);
    expect((await provider(s, { token: 'wrong' }).getWeddings())[0].couple).not.toMatch(/^Fake/);
    expect(lastContentError('strapi')?.message).toMatch(/answered 401 \(UnauthorizedError: Missing or invalid credentials\)/);
  });

  it('encodes filter values with qs (encodeValuesOnly)', async () => {
    expect(await provider(s).getWedding('x y&z')).toBeNull();
    expect(s.requests).toContain('/api/weddings?filters[slug][$eq]=x%20y%26z&populate=%2A');
  });

  it('times out on a slow server and falls back', async () => {
    s.setMode('slow', { slowMs: 5000 });
    const started = Date.now();
    expect(await provider(s, { timeoutMs: 300 }).getWeddings()).toHaveLength(5);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lastContentError('strapi')?.message).toMatch(/no answer within 300 ms/);
  });

  it('falls back when the server is down', async () => {
    const down = await startFakeStrapi();
    const p = provider(down);
    await down.stop();
    expect(await p.getWeddings()).toHaveLength(5);
    expect((await p.probe()).answered).toBe(false);
  });

  it('reads blog posts and categories, falling back to local posts and sample categories', async () => {
    const posts = await provider(s).getBlogPosts();
    expect(posts).toEqual([
      expect.objectContaining({ slug: 'fake-svatba-na-statku', title: 'Fake Strapi: Svatba na statku', date: '2024-06-01', body: 'Statek je krásný.', relatedWeddings: ['veronika-lukas'] }),
    ]);
    expect(posts[0].coverImage?.url).toBe('/api/media/strapi/uploads/post-cover_a1b2c3.jpg');
    expect((await provider(s).getCategories()).map((c) => c.name)).toEqual(['Obřad', 'První tanec']);
    s.setMode('server-error', { collection: 'blog-posts' });
    expect((await provider(s).getBlogPosts()).length).toBeGreaterThanOrEqual(3);
    expect((await provider(s).getWeddings())[0].couple).toBe('Fake Strapi: Veronika & Lukáš');
    s.setMode('server-error');
    expect(await provider(s).getCategories()).toHaveLength(7);
  });

  it('works through the registry, reports status, and a detail still names categories when /categories fails', async () => {
    Object.assign(process.env, s.env());
    resetEnvForTests();
    expect(await getContentStatus()).toMatchObject({ source: 'strapi', answered: true, itemCount: 3, usingFallback: false, config: { strapiVersion: 'v5', strapiTokenSet: true } });
    s.setMode('server-error', { collection: 'categories' });
    const d = await getWedding('veronika-lukas');
    // Sample categories name the captions instead: "category-tanec" → Tanec.
    expect(d!.wedding_images.map((i) => i.category?.name ?? null)).toEqual(['Obřad', 'Tanec', null]);
    s.setMode('unauthorized');
    const status = await getContentStatus();
    expect(status).toMatchObject({ answered: false, itemCount: 0, usingFallback: true });
  });

  it('serves the named Strapi source (cached) while the site uses another source', async () => {
    Object.assign(process.env, s.env(), { CONTENT_SOURCE: 'local' });
    resetEnvForTests();
    const strapiContent = getCachedContent('strapi');
    expect(strapiContent.name).toBe('strapi');
    expect((await strapiContent.getWeddings())[0].couple).toBe('Fake Strapi: Veronika & Lukáš');
    const before = s.requests.length;
    await getCachedContent('strapi').getWeddings();
    expect(s.requests.length).toBe(before);
    expect((await getWeddings())[0].couple).not.toMatch(/^Fake/);
    expect(await getContentStatus('strapi')).toMatchObject({ source: 'strapi', answered: true, itemCount: 3 });
    expect(() => getCachedContent('drupal')).toThrow(/valid names: local, contentful, strapi/);
  });
});
