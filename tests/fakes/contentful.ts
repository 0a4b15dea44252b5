import { randomUUID } from 'node:crypto';
import { delay, listen, sendImage, sendJson } from './http-util';

/**
 * A fake Contentful Content Delivery API (docs/protocols.md §2) over real HTTP, for integration and e2e tests.
 *
 *   const cf = await startFakeContentful();
 *   env: CONTENT_SOURCE=contentful CONTENTFUL_CDA_URL=cf.url CONTENTFUL_SPACE_ID=cf.spaceId
 *        CONTENTFUL_ACCESS_TOKEN=cf.accessToken
 *   cf.setMode('rate-limited') … cf.setMode('ok'); await cf.stop();
 *
 * It answers GET /spaces/{space}/environments/{env}/entries with the real envelope: `content_type`,
 * `fields.slug`, `sys.id` filters, `include` depth resolved from the entries' links (linked entries and
 * assets in `includes`, missing targets reported in `errors[]` as `notResolvable`), `metadata.tags`.
 * Assets are served by the fake itself (`assetHost: 'self'`, default: works in a browser and with the site's
 * media proxy) or carry protocol-relative `//images.ctfassets.net/…` URLs (`assetHost: 'ctfassets'`).
 * The fake's weddings have recognisable names ("Fake Contentful: Klára & Ondřej").
 */

export type FakeContentfulMode =
  | 'ok'
  | 'empty'
  | 'unauthorized'
  | 'not-found'
  | 'rate-limited'
  | 'server-error'
  | 'slow'
  | 'invalid'
  | 'not-json';

export interface FakeContentfulOptions {
  spaceId?: string;
  accessToken?: string;
  environment?: string;
  mode?: FakeContentfulMode;
  /** Delay of the 'slow' mode (default 10 s). */
  slowMs?: number;
  assetHost?: 'self' | 'ctfassets';
  /** Serve blogPost entries (default true). */
  blogPosts?: boolean;
}

interface Link {
  sys: { type: 'Link'; linkType: 'Entry' | 'Asset'; id: string };
}
export interface FakeEntry {
  metadata: { tags: { sys: { type: 'Link'; linkType: 'Tag'; id: string } }[]; concepts: unknown[] };
  sys: { id: string; type: 'Entry'; contentType: { sys: { type: 'Link'; linkType: 'ContentType'; id: string } }; createdAt: string; updatedAt: string; locale: string };
  fields: Record<string, unknown>;
}
export interface FakeAsset {
  metadata: { tags: { sys: { type: 'Link'; linkType: 'Tag'; id: string } }[]; concepts: unknown[] };
  sys: { id: string; type: 'Asset'; createdAt: string; updatedAt: string; locale: string };
  fields: { title?: string; description?: string; file: { url: string; fileName: string; contentType: string; details: { size: number; image?: { width: number; height: number } } } };
}
export interface FakeContentfulData {
  entries: FakeEntry[];
  assets: FakeAsset[];
}

export interface FakeContentful {
  url: string;
  spaceId: string;
  accessToken: string;
  environment: string;
  /** Every request (path + query) in order, for asserting the exact calls. */
  requests: URL[];
  data: FakeContentfulData;
  /** `contentType` limits the mode to requests for that content type (others answer normally). */
  setMode: (mode: FakeContentfulMode, opts?: { slowMs?: number; contentType?: string }) => void;
  /** Env for the site pointed at this fake. */
  env: () => Record<string, string>;
  stop: () => Promise<void>;
}

const link = (linkType: 'Entry' | 'Asset', id: string): Link => ({ sys: { type: 'Link', linkType, id } });
const tag = (id: string) => ({ sys: { type: 'Link' as const, linkType: 'Tag' as const, id } });
const now = '2024-01-10T10:00:00.000Z';

function entry(id: string, contentType: string, fields: Record<string, unknown>, tags: string[] = []): FakeEntry {
  return {
    metadata: { tags: tags.map(tag), concepts: [] },
    sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } }, createdAt: now, updatedAt: now, locale: 'cs-CZ' },
    fields,
  };
}

function asset(id: string, opts: { title: string; description?: string; width?: number; height?: number; contentType?: string; tags?: string[] }, url: (id: string, file: string) => string): FakeAsset {
  const fileName = `${id}.${opts.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`;
  return {
    metadata: { tags: (opts.tags ?? []).map(tag), concepts: [] },
    sys: { id, type: 'Asset', createdAt: now, updatedAt: now, locale: 'cs-CZ' },
    fields: {
      title: opts.title,
      ...(opts.description !== undefined ? { description: opts.description } : {}),
      file: {
        url: url(id, fileName),
        fileName,
        contentType: opts.contentType ?? 'image/jpeg',
        details: { size: 123456, ...(opts.width && opts.height ? { image: { width: opts.width, height: opts.height } } : {}) },
      },
    },
  };
}

export function fakeContentfulData(assetUrl: (id: string, file: string) => string, blogPosts = true): FakeContentfulData {
  const richStory = {
    nodeType: 'document',
    data: {},
    content: [
      { nodeType: 'heading-2', data: {}, content: [{ nodeType: 'text', value: 'Svatba v sadu', marks: [], data: {} }] },
      { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'Simona a Petr se brali v ovocném sadu u Mělníka.', marks: [], data: {} }] },
      { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'Hostina byla pod jabloněmi.', marks: [{ type: 'bold' }], data: {} }] },
    ],
  };
  const entries: FakeEntry[] = [
    entry('cat-obrad', 'category', { name: 'Obřad', slug: 'obrad' }),
    entry('cat-tanec', 'category', { name: 'Tanec', slug: 'tanec' }),
    entry('cat-detaily', 'category', { name: 'Detaily', slug: 'detaily' }),
    entry('w-klara', 'wedding', {
      couple: 'Fake Contentful: Klára & Ondřej',
      date: '2023-07-08',
      location: 'Fake Contentful: Zámek Hluboká',
      shortDescription: 'Letní svatba z falešného Contentfulu.',
      slug: 'klara-ondrej',
      year: 2023,
      favorite: true,
      story: 'Klára a Ondřej se vzali na zámku.\n\nVečer tančili až do rána.',
      coverImage: link('Asset', 'a-cover'),
      wedding_images: [
        link('Asset', 'a-1'),
        link('Asset', 'a-2'),
        link('Asset', 'a-missing'),
        link('Asset', 'a-3'),
        link('Asset', 'a-pdf'),
        { not: 'a link' },
        link('Asset', 'a-4'),
      ],
      categories: [link('Entry', 'cat-obrad'), link('Entry', 'cat-tanec'), link('Entry', 'cat-gone')],
    }),
    entry('w-simona', 'wedding', {
      couple: 'Fake Contentful: Simona & Petr',
      location: 'Fake Contentful: Sad u Mělníka',
      slug: 'simona-petr',
      year: 2024,
      story: richStory,
    }),
    entry('w-anon', 'wedding', { slug: 'bez-udaju' }),
  ];
  if (blogPosts) {
    entries.push(
      entry('bp-1', 'blogPost', {
        title: 'Fake Contentful: Svatba na hradě',
        slug: 'fake-svatba-na-hrade',
        date: '2024-03-01',
        excerpt: 'Článek z falešného Contentfulu.',
        body: '## Hrad\n\nSvatba na hradě je krásná.',
        coverImage: link('Asset', 'a-1'),
        relatedWeddings: [link('Entry', 'w-klara')],
      }),
    );
  }
  const assets: FakeAsset[] = [
    asset('a-cover', { title: 'Titulní', description: 'Novomanželé na nádvoří', width: 1600, height: 1067 }, assetUrl),
    asset('a-1', { title: 'Obřad', description: 'Výměna prstýnků', width: 1200, height: 800, tags: ['category-cat-obrad'] }, assetUrl),
    asset('a-2', { title: 'Tanec', width: 800, height: 1200, tags: ['category-cat-tanec'] }, assetUrl),
    // Tag to a category entry the wedding does not link: only a content_type=category call names it.
    asset('a-3', { title: 'Detail', description: 'Prstýnky', width: 1000, height: 1000, tags: ['other-tag', 'category-cat-detaily'] }, assetUrl),
    asset('a-pdf', { title: 'Smlouva', contentType: 'application/pdf' }, assetUrl),
    asset('a-4', { title: 'Bez kategorie', description: '  Západ slunce  ', width: 1400, height: 933, tags: ['category-cat-unknown'] }, assetUrl),
  ];
  return { entries, assets };
}

const ERRORS = {
  unauthorized: [401, 'AccessTokenInvalid', 'The access token you sent could not be found or is invalid.'],
  'not-found': [404, 'NotFound', 'The resource could not be found.'],
  'rate-limited': [
    429,
    'RateLimitExceeded',
    'You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.',
  ],
  'server-error': [500, 'ServerError', 'Internal server error.'],
} as const;

function errorBody(id: string, message: string, details?: unknown) {
  return { sys: { type: 'Error', id }, message, ...(details ? { details } : {}), requestId: randomUUID() };
}

function collectLinks(value: unknown, out: Link[]): void {
  if (Array.isArray(value)) {
    for (const v of value) collectLinks(v, out);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const v = value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } };
  if (v.sys?.type === 'Link' && (v.sys.linkType === 'Entry' || v.sys.linkType === 'Asset') && typeof v.sys.id === 'string') {
    out.push(value as Link);
    return;
  }
  for (const child of Object.values(value)) collectLinks(child, out);
}

export async function startFakeContentful(opts: FakeContentfulOptions = {}): Promise<FakeContentful> {
  const spaceId = opts.spaceId ?? 'fakespace';
  const accessToken = opts.accessToken ?? 'fake-cda-token';
  const environment = opts.environment ?? 'master';
  let currentMode: FakeContentfulMode = opts.mode ?? 'ok';
  let slowMs = opts.slowMs ?? 10_000;
  let modeContentType: string | undefined;
  const requests: URL[] = [];
  let base = '';
  const assetUrl = (id: string, file: string) =>
    opts.assetHost === 'ctfassets' ? `//images.ctfassets.net/${spaceId}/${id}/0123abcd/${file}` : `${base}/assets/${spaceId}/${id}/${file}`;
  // Built once the port is known (asset URLs point at the fake itself).
  let data: FakeContentfulData = { entries: [], assets: [] };

  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);

    const assetMatch = /^\/assets\/[^/]+\/([^/]+)\/[^/]+$/.exec(url.pathname);
    if (req.method === 'GET' && assetMatch) {
      const a = data.assets.find((x) => x.sys.id === assetMatch[1]);
      const size = a?.fields.file.details.image;
      if (!a || !size) return sendJson(res, 404, errorBody('NotFound', 'The resource could not be found.'));
      // Images API subset: ?w= (and h) resize, fm= format.
      const w = Math.min(4000, Number(url.searchParams.get('w')) || size.width);
      const h = Math.round((w * size.height) / size.width);
      const fm = url.searchParams.get('fm');
      return sendImage(res, `ctf-${a.sys.id}`, w, h, fm === 'avif' || fm === 'webp' ? fm : 'jpg');
    }

    const m = /^\/spaces\/([^/]+)(?:\/environments\/([^/]+))?\/entries\/?$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) return sendJson(res, 404, errorBody('NotFound', 'The resource could not be found.'));
    const token = url.searchParams.get('access_token') ?? req.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (token !== accessToken) return sendJson(res, 401, errorBody(ERRORS.unauthorized[1], ERRORS.unauthorized[2]));
    if (m[1] !== spaceId || (m[2] ?? 'master') !== environment) {
      return sendJson(res, 404, errorBody('NotFound', 'The resource could not be found.', { type: m[1] !== spaceId ? 'Space' : 'Environment', id: m[1] !== spaceId ? m[1] : m[2] }));
    }

    const mode = modeContentType === undefined || url.searchParams.get('content_type') === modeContentType ? currentMode : 'ok';
    if (mode === 'slow') await delay(slowMs, res);
    if (res.destroyed) return;
    if (mode === 'unauthorized' || mode === 'not-found' || mode === 'rate-limited' || mode === 'server-error') {
      const [status, id, message] = ERRORS[mode];
      return sendJson(res, status, errorBody(id, message), mode === 'rate-limited' ? { 'x-contentful-ratelimit-reset': '1' } : {});
    }
    if (mode === 'invalid') return sendJson(res, 200, { hello: 'world', items: 'nope' });
    if (mode === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad gateway</body></html>');
    }

    const include = Math.max(0, Math.min(10, Number(url.searchParams.get('include') ?? '1') || 0));
    const contentType = url.searchParams.get('content_type');
    let items = data.entries.filter((e) => !contentType || e.sys.contentType.sys.id === contentType);
    for (const [key, value] of url.searchParams) {
      if (key === 'sys.id') items = items.filter((e) => e.sys.id === value);
      else if (key.startsWith('fields.')) {
        if (!contentType) return sendJson(res, 400, errorBody('InvalidQuery', 'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.'));
        const field = key.slice('fields.'.length);
        items = items.filter((e) => String(e.fields[field] ?? '') === value);
      }
    }
    if (mode === 'empty') items = [];

    // Resolve links level by level, like the CDA's `include`.
    const seen = new Set(items.map((e) => `Entry:${e.sys.id}`));
    const includes = { Entry: [] as FakeEntry[], Asset: [] as FakeAsset[] };
    const errors: unknown[] = [];
    const missing = new Set<string>();
    let frontier: { fields: Record<string, unknown> }[] = items;
    for (let level = 0; level < include; level++) {
      const links: Link[] = [];
      for (const e of frontier) collectLinks(e.fields, links);
      const next: FakeEntry[] = [];
      for (const l of links) {
        const key = `${l.sys.linkType}:${l.sys.id}`;
        if (seen.has(key) || missing.has(key)) continue;
        const target = l.sys.linkType === 'Entry' ? data.entries.find((e) => e.sys.id === l.sys.id) : data.assets.find((a) => a.sys.id === l.sys.id);
        if (!target) {
          missing.add(key);
          errors.push({ sys: { id: 'notResolvable', type: 'error' }, details: { type: 'Link', linkType: l.sys.linkType, id: l.sys.id } });
          continue;
        }
        seen.add(key);
        if (l.sys.linkType === 'Entry') {
          includes.Entry.push(target as FakeEntry);
          next.push(target as FakeEntry);
        } else includes.Asset.push(target as FakeAsset);
      }
      frontier = next;
    }
    const body: Record<string, unknown> = { sys: { type: 'Array' }, total: items.length, skip: 0, limit: 100, items };
    if (includes.Entry.length || includes.Asset.length) {
      body.includes = { ...(includes.Entry.length ? { Entry: includes.Entry } : {}), ...(includes.Asset.length ? { Asset: includes.Asset } : {}) };
    }
    if (errors.length) body.errors = errors;
    return sendJson(res, 200, body);
  });
  base = server.url;
  data = fakeContentfulData(assetUrl, opts.blogPosts ?? true);

  return {
    url: server.url,
    spaceId,
    accessToken,
    environment,
    requests,
    data,
    setMode: (next, o) => {
      currentMode = next;
      modeContentType = o?.contentType;
      if (o?.slowMs !== undefined) slowMs = o.slowMs;
    },
    env: () => ({
      CONTENT_SOURCE: 'contentful',
      CONTENTFUL_CDA_URL: server.url,
      CONTENTFUL_SPACE_ID: spaceId,
      CONTENTFUL_ACCESS_TOKEN: accessToken,
      CONTENTFUL_ENVIRONMENT: environment,
    }),
    stop: server.stop,
  };
}
