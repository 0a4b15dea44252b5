import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContentfulProvider } from '@/content/providers/contentful/contentful-provider';
import { clearContentCache } from '@/content/cache';
import { clearContentErrors, lastContentError } from '@/content/status';
import { getContentStatus, getWedding, getWeddings } from '@/content/registry.server';
import { resetEnvForTests } from '@/platform/env';
import { GET as mediaGET } from '@/app/api/media/[source]/[...path]/route';
import { startFakeContentful, type FakeContentful } from '../fakes/contentful';

/** The Contentful provider against a fake CDA over real HTTP (no mocked fetch). */

let cf: FakeContentful;
let cfSelf: FakeContentful;
const savedEnv = { ...process.env };

function provider(fake: FakeContentful = cf, timeoutMs = 2000) {
  return createContentfulProvider({ cdaUrl: fake.url, spaceId: fake.spaceId, accessToken: fake.accessToken, environment: fake.environment, timeoutMs });
}

beforeAll(async () => {
  cf = await startFakeContentful({ assetHost: 'ctfassets' });
  cfSelf = await startFakeContentful({ assetHost: 'self', spaceId: 'selfspace' });
});
afterAll(async () => {
  await cf.stop();
  await cfSelf.stop();
});
beforeEach(() => {
  cf.setMode('ok');
  cf.requests.length = 0;
  clearContentErrors();
  clearContentCache();
  process.env.LOG_LEVEL = 'error';
  // The registry keeps the remote sources' last good answers in the database: an in-memory one here.
  process.env.DATABASE_URL = 'memory://';
});
afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvForTests();
});

describe('Contentful list', () => {
  it('calls the entries endpoint exactly as the protocol says and reshapes the weddings', async () => {
    const list = await provider().getWeddings();
    expect(cf.requests).toHaveLength(1);
    const req = cf.requests[0];
    expect(req.pathname).toBe('/spaces/fakespace/environments/master/entries');
    expect([...req.searchParams]).toEqual([
      ['access_token', 'fake-cda-token'],
      ['content_type', 'wedding'],
      ['include', '1'],
    ]);
    expect(list.map((w) => w.couple)).toEqual(['Fake Contentful: Klára & Ondřej', 'Fake Contentful: Simona & Petr', 'Unnamed Couple']);
    const [klara, simona, anon] = list;
    expect(klara).toMatchObject({ id: 'w-klara', slug: 'klara-ondrej', date: '2023-07-08', year: 2023, favorite: true, location: 'Fake Contentful: Zámek Hluboká' });
    // Protocol-relative asset URL gets https:, alt text from the description.
    expect(klara.coverImage).toMatchObject({
      id: 'a-cover',
      url: 'https://images.ctfassets.net/fakespace/a-cover/0123abcd/a-cover.jpg',
      width: 1600,
      height: 1067,
      alternativeText: 'Novomanželé na nádvoří',
    });
    expect(simona).toMatchObject({ date: 'Date not specified', year: 2024, favorite: false, shortDescription: '' });
    // No images: the cover is the first image of the placeholder gallery its detail shows.
    expect(simona.coverImage?.url).toMatch(/^\/api\/placeholder\/simona-petr-1\//);
    expect(anon).toMatchObject({ couple: 'Unnamed Couple', date: 'Date not specified', location: 'Location not specified', shortDescription: '', year: new Date().getFullYear(), favorite: false, slug: 'bez-udaju' });
  });

  it.each(['unauthorized', 'not-found', 'rate-limited', 'server-error', 'invalid', 'not-json', 'empty'] as const)(
    'falls back to the sample weddings when the CDA answers %s (and never throws)',
    async (mode) => {
      cf.setMode(mode);
      const list = await provider().getWeddings();
      expect(list).toHaveLength(5);
      expect(list.map((w) => w.couple)).toContain('Tereza & Jakub');
      if (mode !== 'empty') expect(lastContentError('contentful')?.context).toBe('list');
    },
  );

  it('records the error body (AccessTokenInvalid, RateLimitExceeded) and logs it with context', async () => {
    process.env.LOG_LEVEL = 'warn';
    resetEnvForTests();
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      cf.setMode('unauthorized');
      await provider().getWeddings();
      expect(lastContentError('contentful')?.message).toMatch(/answered 401 \(AccessTokenInvalid: The access token you sent could not be found/);
      cf.setMode('rate-limited');
      await provider().getWeddings();
      expect(lastContentError('contentful')?.message).toMatch(/answered 429 \(RateLimitExceeded/);
    } finally {
      spy.mockRestore();
    }
    const logged = writes.map((w) => JSON.parse(w) as Record<string, unknown>);
    expect(logged[0]).toMatchObject({ level: 'warn', source: 'contentful', context: 'list', status: 401 });
    expect(logged[0].body).toMatchObject({ sys: { type: 'Error', id: 'AccessTokenInvalid' } });
    // The token never reaches the logs.
    expect(writes.join('')).not.toContain('fake-cda-token');
  });

  it('falls back when the token is wrong, the space is unknown or the server is down', async () => {
    const wrongToken = createContentfulProvider({ cdaUrl: cf.url, spaceId: cf.spaceId, accessToken: 'nope', environment: 'master', timeoutMs: 2000 });
    expect((await wrongToken.getWeddings())[0].couple).not.toMatch(/^Fake/);
    const wrongSpace = createContentfulProvider({ cdaUrl: cf.url, spaceId: 'other', accessToken: cf.accessToken, environment: 'master', timeoutMs: 2000 });
    expect(await wrongSpace.getWeddings()).toHaveLength(5);
    expect(lastContentError('contentful')?.message).toMatch(/404 \(NotFound/);
    const down = await startFakeContentful();
    const p = provider(down);
    await down.stop();
    expect(await p.getWeddings()).toHaveLength(5);
    expect(lastContentError('contentful')?.message).toMatch(/failed/);
  });

  it('gives up after CONTENT_TIMEOUT_MS on a slow server', async () => {
    cf.setMode('slow', { slowMs: 5000 });
    const started = Date.now();
    const list = await provider(cf, 300).getWeddings();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(list).toHaveLength(5);
    expect(lastContentError('contentful')?.message).toMatch(/no answer within 300 ms/);
  });
});

describe('Contentful detail', () => {
  it('uses fields.slug and include=2, resolves links and skips unresolvable ones', async () => {
    const d = await provider().getWedding('klara-ondrej');
    const detailReq = cf.requests.find((r) => r.searchParams.get('content_type') === 'wedding')!;
    expect([...detailReq.searchParams]).toEqual([
      ['access_token', 'fake-cda-token'],
      ['content_type', 'wedding'],
      ['fields.slug', 'klara-ondrej'],
      ['include', '2'],
    ]);
    expect(d).not.toBeNull();
    // a-missing (in errors[]), a-pdf (not an image) and a non-link value are skipped.
    expect(d!.wedding_images.map((i) => i.id)).toEqual(['a-1', 'a-2', 'a-3', 'a-4']);
    expect(d!.wedding_images.map((i) => i.sizeHint)).toEqual(['large', 'medium', 'small', 'small']);
    expect(d!.wedding_images.map((i) => i.alternativeText)).toEqual(['Výměna prstýnků', '', 'Prstýnky', 'Západ slunce']);
    expect(d!.wedding_images.every((i) => i.url.startsWith('https://images.ctfassets.net/'))).toBe(true);
    // Categories from tags: linked entries from includes, others from a content_type=category call, unknown none.
    expect(d!.wedding_images.map((i) => i.category ?? null)).toEqual([
      { id: 'category-cat-obrad', name: 'Obřad', slug: 'obrad' },
      { id: 'category-cat-tanec', name: 'Tanec', slug: 'tanec' },
      { id: 'category-cat-detaily', name: 'Detaily', slug: 'detaily' },
      null,
    ]);
    expect(cf.requests.some((r) => r.searchParams.get('content_type') === 'category')).toBe(true);
    expect(d!.story).toBe('Klára a Ondřej se vzali na zámku.\n\nVečer tančili až do rána.');
    expect(d!.coverImage?.id).toBe('a-cover');
  });

  it('gives a detail without images the placeholder gallery and turns Rich Text into Markdown', async () => {
    const d = await provider().getWedding('simona-petr');
    expect(d!.wedding_images.length).toBeGreaterThanOrEqual(20);
    expect(d!.wedding_images.length).toBeLessThanOrEqual(29);
    expect(d!.wedding_images[0].url).toMatch(/^\/api\/placeholder\/simona-petr-1\//);
    expect(d!.coverImage).toEqual(d!.wedding_images[0]);
    expect(d!.story).toBe('## Svatba v sadu\n\nSimona a Petr se brali v ovocném sadu u Mělníka.\n\n**Hostina byla pod jabloněmi.**');
  });

  it('finds by id with sys.id', async () => {
    const d = await provider().getWeddingById('w-klara');
    expect(d?.slug).toBe('klara-ondrej');
    expect(cf.requests.some((r) => r.searchParams.get('sys.id') === 'w-klara' && r.searchParams.get('include') === '2')).toBe(true);
  });

  it('a remote miss is null while the space has weddings; sample weddings answer only while it has none', async () => {
    expect(await provider().getWedding('tereza-jakub')).toBeNull();
    expect(await provider().getWedding('neexistuje')).toBeNull();
    expect(await provider().getWeddingById('neexistuje')).toBeNull();
    expect(lastContentError('contentful')).toBeNull();
    cf.setMode('empty');
    expect((await provider().getWedding('tereza-jakub'))?.couple).toBe('Tereza & Jakub');
  });

  it('a remote error before any good answer falls back to the sample data by slug (logged), else null', async () => {
    cf.setMode('server-error');
    expect((await provider().getWedding('lucie-martin'))?.couple).toBe('Lucie & Martin');
    expect(lastContentError('contentful')?.context).toBe('detail slug=lucie-martin');
    expect(await provider().getWedding('klara-ondrej')).toBeNull();
  });

  it('still shows images when the category lookup fails', async () => {
    cf.setMode('server-error', { contentType: 'category' });
    const d = await provider().getWedding('klara-ondrej');
    expect(d?.wedding_images.map((i) => i.id)).toEqual(['a-1', 'a-2', 'a-3', 'a-4']);
    expect(d?.wedding_images[0].category?.slug).toBe('obrad');
    expect(d?.wedding_images[2].category).toBeUndefined();
  });
});

describe('Contentful blog, categories, status', () => {
  it('reads blog posts from content_type=blogPost, resolving related weddings to slugs', async () => {
    const posts = await provider().getBlogPosts();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ slug: 'fake-svatba-na-hrade', title: 'Fake Contentful: Svatba na hradě', date: '2024-03-01', relatedWeddings: ['klara-ondrej'], readingMinutes: 1 });
    expect(posts[0].coverImage?.url).toMatch(/^https:\/\/images\.ctfassets\.net\//);
    expect((await provider().getBlogPost('fake-svatba-na-hrade'))?.body).toContain('## Hrad');
  });

  it('falls back to the local Markdown posts when the space has none or errors', async () => {
    const noBlog = await startFakeContentful({ blogPosts: false });
    try {
      const posts = await provider(noBlog).getBlogPosts();
      expect(posts.length).toBeGreaterThanOrEqual(3);
      expect((await provider(noBlog).getBlogPost(posts[0].slug))?.title).toBe(posts[0].title);
    } finally {
      await noBlog.stop();
    }
    cf.setMode('unauthorized');
    expect((await provider().getBlogPosts()).length).toBeGreaterThanOrEqual(3);
  });

  it('lists categories from content_type=category, sample categories on error', async () => {
    expect((await provider().getCategories()).map((c) => c.slug)).toEqual(['obrad', 'tanec', 'detaily']);
    cf.setMode('rate-limited');
    expect((await createContentfulProvider({ cdaUrl: cf.url, spaceId: cf.spaceId, accessToken: cf.accessToken, environment: 'master', timeoutMs: 2000 }).getCategories())).toHaveLength(7);
  });

  it('probes without fallback', async () => {
    expect(await provider().probe()).toMatchObject({ answered: true, itemCount: 3 });
    cf.setMode('unauthorized');
    const probe = await provider().probe();
    expect(probe).toMatchObject({ answered: false, itemCount: 0 });
    expect(probe.error).toMatch(/401/);
  });
});

describe('Contentful through the registry and the site', () => {
  it('CONTENT_SOURCE=contentful shows the fake weddings; switching back never shows them', async () => {
    Object.assign(process.env, cf.env());
    resetEnvForTests();
    expect((await getWeddings())[0].couple).toBe('Fake Contentful: Klára & Ondřej');
    expect(await getContentStatus()).toMatchObject({ source: 'contentful', answered: true, itemCount: 3, usingFallback: false, config: { contentfulSpaceId: 'fakespace' } });
    process.env.CONTENT_SOURCE = 'local';
    resetEnvForTests();
    // Same process, same cache: the key includes the source.
    expect((await getWeddings()).map((w) => w.couple)).not.toContain('Fake Contentful: Klára & Ondřej');
  });

  it('serves assets of a self-hosting CDA through /api/media (same origin, optimisable by next/image)', async () => {
    Object.assign(process.env, cfSelf.env());
    resetEnvForTests();
    const d = await getWedding('klara-ondrej');
    const url = d!.wedding_images[0].url;
    expect(url).toBe('/api/media/contentful/assets/selfspace/a-1/a-1.jpg');
    const segments = url.split('/').slice(4);
    const res = await mediaGET(new Request(`http://site${url}`), { params: Promise.resolve({ source: 'contentful', path: segments }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Only the configured source, only safe paths.
    const strapi = await mediaGET(new Request('http://site/api/media/strapi/uploads/a.jpg'), { params: Promise.resolve({ source: 'strapi', path: ['uploads', 'a.jpg'] }) });
    expect(strapi.status).toBe(404);
    const evil = await mediaGET(new Request('http://site/api/media/contentful/x'), { params: Promise.resolve({ source: 'contentful', path: ['..', 'etc'] }) });
    expect(evil.status).toBe(400);
    const notImage = await mediaGET(new Request('http://site/x'), { params: Promise.resolve({ source: 'contentful', path: ['spaces', 'selfspace', 'entries'] }) });
    expect(notImage.status).toBe(502);
  });
});
