import type http from 'node:http';
import qs from 'qs';
import { delay, listen, sendImage, sendJson } from './http-util';

/**
 * A fake Strapi REST server (docs/protocols.md §1 "Content") over real HTTP, for integration and e2e tests.
 *
 *   const s = await startFakeStrapi({ version: 'v4' });
 *   env: CONTENT_SOURCE=strapi STRAPI_URL=s.url STRAPI_VERSION=v4 (STRAPI_PREFIX=/api; v3: empty)
 *
 * Collections `weddings`, `categories`, `blog-posts` in the v5 (flat, documentId), v4 (`data[].attributes`,
 * media `{data:{id,attributes}}`) or v3 (bare arrays) shape. Like Strapi, v4/v5 return media and relations only
 * when asked with `populate`; queries are parsed with `qs` (`filters[slug][$eq]=…`; v3 `slug=…`).
 * Uploads (`/uploads/…`) are real JPEGs, with relative URLs in the JSON. Optional API token (Bearer).
 * The fake's weddings have recognisable names ("Fake Strapi: Veronika & Lukáš").
 */

export type FakeStrapiMode = 'ok' | 'empty' | 'unauthorized' | 'forbidden' | 'not-found' | 'rate-limited' | 'server-error' | 'slow' | 'invalid';

export interface FakeStrapiOptions {
  version?: 'v3' | 'v4' | 'v5';
  /** Default `/api` (v4/v5), empty (v3). */
  prefix?: string;
  /** When set, requests must carry `Authorization: Bearer <token>`. */
  token?: string;
  mode?: FakeStrapiMode;
  slowMs?: number;
  /** Serve the blog-posts collection (default true). */
  blogPosts?: boolean;
}

export interface FakeMedia {
  id: number;
  documentId: string;
  name: string;
  url: string;
  width: number | null;
  height: number | null;
  alternativeText: string | null;
  caption: string | null;
  mime: string;
  formats: Record<string, { url: string; width: number; height: number }> | null;
}
type Fields = Record<string, unknown>;
export interface FakeStrapiItem {
  id: number;
  documentId: string;
  fields: Fields;
  /** Relation/media fields (only returned with populate). */
  relations: Record<string, FakeMedia | FakeMedia[] | FakeStrapiItem | FakeStrapiItem[] | null>;
}
export interface FakeStrapiData {
  weddings: FakeStrapiItem[];
  categories: FakeStrapiItem[];
  'blog-posts': FakeStrapiItem[];
}

export interface FakeStrapi {
  url: string;
  version: 'v3' | 'v4' | 'v5';
  prefix: string;
  token?: string;
  /** Raw request URLs (path + query) in order. */
  requests: string[];
  data: FakeStrapiData;
  setMode: (mode: FakeStrapiMode, opts?: { slowMs?: number; collection?: string }) => void;
  env: () => Record<string, string>;
  stop: () => Promise<void>;
  /** Listens again on the same port after `stop()` (a CMS coming back after an outage). */
  restart: () => Promise<void>;
}

let mediaSeq = 100;
function media(name: string, width: number | null, height: number | null, opts: { alt?: string | null; caption?: string | null; mime?: string } = {}): FakeMedia {
  const id = mediaSeq++;
  const ext = opts.mime === 'application/pdf' ? 'pdf' : 'jpg';
  return {
    id,
    documentId: `media${id}doc`,
    name: `${name}.${ext}`,
    url: `/uploads/${name}_a1b2c3.${ext}`,
    width,
    height,
    alternativeText: opts.alt ?? null,
    caption: opts.caption ?? null,
    mime: opts.mime ?? 'image/jpeg',
    formats: width && height ? { thumbnail: { url: `/uploads/thumbnail_${name}_a1b2c3.${ext}`, width: 156, height: Math.round((156 * height) / width) } } : null,
  };
}

export function fakeStrapiData(version: 'v3' | 'v4' | 'v5', blogPosts = true): FakeStrapiData {
  const blocks = [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Zámek Zbiroh' }] },
    { type: 'paragraph', children: [{ type: 'text', text: 'Veronika a Lukáš měli svatbu na zámku.' }] },
    { type: 'paragraph', children: [{ type: 'text', text: 'Tančilo se do rána.', bold: true }] },
  ];
  const story = version === 'v5' ? blocks : '## Zámek Zbiroh\n\nVeronika a Lukáš měli svatbu na zámku.\n\n**Tančilo se do rána.**';
  const categories: FakeStrapiItem[] = [
    { id: 1, documentId: 'cat1doc', fields: { name: 'Obřad', slug: 'obrad' }, relations: {} },
    { id: 2, documentId: 'cat2doc', fields: { name: 'První tanec', slug: 'tanec' }, relations: {} },
  ];
  const weddings: FakeStrapiItem[] = [
    {
      id: 1,
      documentId: 'wed1veronikadoc',
      fields: {
        couple: 'Fake Strapi: Veronika & Lukáš',
        slug: 'veronika-lukas',
        date: '2024-05-18',
        location: 'Fake Strapi: Zámek Zbiroh',
        shortDescription: 'Květnová svatba z falešného Strapi.',
        year: null,
        favorite: true,
        story,
      },
      relations: {
        coverImage: media('veronika-cover', 1600, 1067, { alt: 'Novomanželé před zámkem' }),
        wedding_images: [
          media('veronika-1', 1200, 800, { alt: 'Obřad v zahradě', caption: 'Obřad' }),
          media('veronika-2', 800, 1200, { caption: 'category-tanec' }),
          media('smlouva', null, null, { mime: 'application/pdf' }),
          media('veronika-3', 1000, 1000, { alt: '  Prstýnky  ', caption: 'IMG_0042.jpg' }),
        ],
      },
    },
    {
      id: 2,
      documentId: 'wed2nikoladoc',
      fields: { couple: 'Fake Strapi: Nikola & David', slug: 'nikola-david', date: '2022-09-03', location: 'Fake Strapi: Statek Blatiny', favorite: false },
      relations: { coverImage: null, wedding_images: [] },
    },
    {
      id: 3,
      documentId: 'wed3anondoc',
      fields: { slug: 'strapi-bez-udaju', year: '2021' },
      relations: { coverImage: null, wedding_images: [] },
    },
  ];
  const posts: FakeStrapiItem[] = blogPosts
    ? [
        {
          id: 1,
          documentId: 'post1doc',
          fields: {
            title: 'Fake Strapi: Svatba na statku',
            slug: 'fake-svatba-na-statku',
            date: '2024-06-01',
            excerpt: 'Článek z falešného Strapi.',
            body: version === 'v5' ? [{ type: 'paragraph', children: [{ type: 'text', text: 'Statek je krásný.' }] }] : 'Statek je krásný.',
          },
          relations: { coverImage: media('post-cover', 1600, 1000, { alt: 'Statek' }), relatedWeddings: [weddings[0]] },
        },
      ]
    : [];
  return { weddings, categories, 'blog-posts': posts };
}

const timestamps = { createdAt: '2024-01-10T10:00:00.000Z', updatedAt: '2024-01-10T10:00:00.000Z', publishedAt: '2024-01-10T10:00:00.000Z' };

function mediaShape(m: FakeMedia, version: 'v3' | 'v4' | 'v5'): unknown {
  const { id, documentId, ...attrs } = m;
  const full = { ...attrs, hash: m.name, ext: '.jpg', size: 120.5, provider: 'local', ...timestamps };
  if (version === 'v4') return { id, attributes: full };
  if (version === 'v5') return { id, documentId, ...full };
  return { id, ...full };
}

function itemShape(item: FakeStrapiItem, version: 'v3' | 'v4' | 'v5', populate: boolean): unknown {
  const rel: Record<string, unknown> = {};
  if (populate || version === 'v3') {
    for (const [k, v] of Object.entries(item.relations)) {
      const one = (x: FakeMedia | FakeStrapiItem): unknown => ('url' in x ? mediaShape(x, version) : itemShape(x, version, false));
      const value = Array.isArray(v) ? v.map(one) : v ? one(v) : null;
      if (version === 'v4') rel[k] = { data: Array.isArray(value) ? (value.length ? value : null) : value };
      else rel[k] = value;
    }
  }
  if (version === 'v4') return { id: item.id, attributes: { ...item.fields, ...timestamps, ...rel } };
  if (version === 'v5') return { id: item.id, documentId: item.documentId, ...item.fields, ...timestamps, ...rel };
  return { id: item.id, ...item.fields, created_at: timestamps.createdAt, ...rel };
}

function errorBody(version: 'v3' | 'v4' | 'v5', status: number, name: string, message: string) {
  if (version === 'v3') return { statusCode: status, error: name.replace(/Error$/, ''), message };
  return { data: null, error: { status, name, message, details: {} } };
}

const MODE_ERRORS: Partial<Record<FakeStrapiMode, [number, string, string]>> = {
  unauthorized: [401, 'UnauthorizedError', 'Missing or invalid credentials'],
  forbidden: [403, 'ForbiddenError', 'Forbidden'],
  'not-found': [404, 'NotFoundError', 'Not Found'],
  'rate-limited': [429, 'RateLimitError', 'Too many requests, please try again later.'],
  'server-error': [500, 'InternalServerError', 'Internal Server Error'],
};

type Query = Record<string, unknown>;

function filterValue(query: Query, field: string): string | undefined {
  const filters = query.filters as Record<string, Record<string, unknown>> | undefined;
  const eq = filters?.[field]?.$eq;
  return typeof eq === 'string' ? eq : undefined;
}

export async function startFakeStrapi(opts: FakeStrapiOptions = {}): Promise<FakeStrapi> {
  const version = opts.version ?? 'v5';
  const prefix = opts.prefix ?? (version === 'v3' ? '' : '/api');
  let mode: FakeStrapiMode = opts.mode ?? 'ok';
  let modeCollection: string | undefined;
  let slowMs = opts.slowMs ?? 10_000;
  const requests: string[] = [];
  const data = fakeStrapiData(version, opts.blogPosts ?? true);

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const raw = req.url ?? '/';
    requests.push(raw);
    const url = new URL(raw, 'http://fake');

    if (req.method === 'GET' && url.pathname.startsWith('/uploads/')) {
      const all = [...data.weddings, ...data['blog-posts']].flatMap((i) => Object.values(i.relations).flat());
      const file = all.find((m): m is FakeMedia => !!m && 'url' in m && (m.url === url.pathname || Object.values(m.formats ?? {}).some((f) => f.url === url.pathname)));
      if (!file || !file.width || !file.height) return sendJson(res, 404, errorBody(version, 404, 'NotFoundError', 'Not Found'));
      const fmt = Object.values(file.formats ?? {}).find((f) => f.url === url.pathname);
      return sendImage(res, `strapi-${file.name.replace(/\.\w+$/, '')}`, fmt?.width ?? file.width, fmt?.height ?? file.height);
    }

    const m = new RegExp(`^${prefix.replace(/[/.]/g, '\\$&')}/(weddings|categories|blog-posts)/?$`).exec(url.pathname);
    if (req.method !== 'GET' || !m) return sendJson(res, 404, errorBody(version, 404, 'NotFoundError', 'Not Found'));
    const collection = m[1] as keyof FakeStrapiData;

    if (opts.token) {
      const auth = req.headers.authorization;
      if (!auth) return sendJson(res, 403, errorBody(version, 403, 'ForbiddenError', 'Forbidden'));
      if (auth !== `Bearer ${opts.token}`) return sendJson(res, 401, errorBody(version, 401, 'UnauthorizedError', 'Missing or invalid credentials'));
    }

    const active = modeCollection === undefined || modeCollection === collection ? mode : 'ok';
    if (active === 'slow') await delay(slowMs, res);
    if (res.destroyed) return;
    const err = MODE_ERRORS[active];
    if (err) return sendJson(res, err[0], errorBody(version, ...err));
    if (active === 'invalid') return sendJson(res, 200, version === 'v3' ? { weddings: 'nope' } : { items: [] });

    const query = qs.parse(url.search.slice(1), { depth: 5, arrayLimit: 20, parameterLimit: 1000 }) as Query;
    let items = active === 'empty' ? [] : data[collection];
    if (version === 'v3') {
      for (const key of ['slug', 'id', '_id'] as const) {
        const v = query[key];
        if (typeof v === 'string') items = items.filter((i) => (key === 'slug' ? i.fields.slug === v : String(i.id) === v || i.documentId === v));
      }
      return sendJson(res, 200, items.map((i) => itemShape(i, version, true)));
    }
    const slug = filterValue(query, 'slug');
    const id = filterValue(query, 'id');
    const documentId = filterValue(query, 'documentId');
    if (slug !== undefined) items = items.filter((i) => i.fields.slug === slug);
    if (id !== undefined) items = items.filter((i) => String(i.id) === id);
    if (documentId !== undefined) items = items.filter((i) => i.documentId === documentId);
    const populate = query.populate === '*' || Array.isArray(query.populate) || (typeof query.populate === 'object' && query.populate !== null);
    const pageSize = Number((query.pagination as { pageSize?: string } | undefined)?.pageSize ?? 25);
    const page = items.slice(0, pageSize);
    return sendJson(res, 200, {
      data: page.map((i) => itemShape(i, version, populate)),
      meta: { pagination: { page: 1, pageSize, pageCount: Math.max(1, Math.ceil(items.length / pageSize)), total: items.length } },
    });
  };
  let server = await listen(handler);

  return {
    url: server.url,
    version,
    prefix,
    token: opts.token,
    requests,
    data,
    setMode: (next, o) => {
      mode = next;
      modeCollection = o?.collection;
      if (o?.slowMs !== undefined) slowMs = o.slowMs;
    },
    env: () => ({
      CONTENT_SOURCE: 'strapi',
      STRAPI_URL: server.url,
      STRAPI_PREFIX: prefix,
      STRAPI_VERSION: version,
      ...(opts.token ? { STRAPI_TOKEN: opts.token } : {}),
    }),
    stop: () => server.stop(),
    restart: async () => {
      server = await listen(handler, server.port);
    },
  };
}
