import qs from 'qs';
import { proxiedMediaUrl } from '../../media-proxy';
import { placeholderGallery } from '../../placeholders';
import { withPlaceholderGallery } from '../../sample-data';
import type { BlogPost, Category, ContentProvider, Wedding, WeddingDetail } from '../../types';
import { timedProbe, withStaleIfError, type SnapshotStore } from '../stale-if-error';
import { ContentFetchError, fetchJson } from '../http';
import { reshapeBlogPost, reshapeCategory, reshapeWedding, reshapeWeddingDetail, type ReshapeContext } from './reshape';
import { collectionEnvelopeSchema, v3CollectionSchema } from './schema';

/**
 * Strapi REST content provider (docs/protocols.md §1): collection `weddings` (plus `blog-posts`, `categories`),
 * v3, v4 and v5 shapes, query strings by `qs` exactly like the original client, bearer token when set.
 */
export interface StrapiConfig {
  /** Server URL, e.g. http://localhost:1337 (uploads are joined to it). */
  url: string;
  /** REST prefix, `/api` for v4/v5, empty for v3. */
  prefix: string;
  version: 'v3' | 'v4' | 'v5';
  token?: string;
  timeoutMs: number;
  /** Where last good answers outlive the process (stale-if-error across restarts). */
  snapshots?: SnapshotStore;
}

type Params = Record<string, unknown>;

const MEMO_MS = 60_000;
const PAGE_SIZE = 100;

export function strapiQuery(params: Params): string {
  const q = qs.stringify(params, { encodeValuesOnly: true });
  return q ? `?${q}` : '';
}

export function createStrapiProvider(config: StrapiConfig): ContentProvider {
  const serverUrl = config.url.replace(/\/+$/, '');
  const v3 = config.version === 'v3';
  let categoryMemo: { at: number; value: Promise<Category[]> } | null = null;

  const ctxBase: ReshapeContext = { serverUrl, deliver: (abs) => proxiedMediaUrl('strapi', abs, serverUrl) };

  async function get(path: string, params: Params): Promise<unknown[]> {
    const url = `${serverUrl}${config.prefix}${path}${strapiQuery(params)}`;
    const headers: Record<string, string> = config.token ? { authorization: `Bearer ${config.token}` } : {};
    const body = await fetchJson('strapi', url, { headers, timeoutMs: config.timeoutMs });
    if (v3) {
      const parsed = v3CollectionSchema.safeParse(body);
      // Collection queries (all we send) answer with a bare array in v3.
      if (parsed.success) return parsed.data;
    } else {
      const parsed = collectionEnvelopeSchema.safeParse(body);
      if (parsed.success) {
        const data = parsed.data.data;
        return data === null ? [] : Array.isArray(data) ? data : [data];
      }
    }
    throw new ContentFetchError(`strapi: unexpected ${config.version} answer for ${path}`, 'strapi', 200, null);
  }

  const listParams = (): Params => (v3 ? { _limit: PAGE_SIZE } : { populate: '*', pagination: { pageSize: PAGE_SIZE } });
  const bySlug = (slug: string): Params => (v3 ? { slug } : { filters: { slug: { $eq: slug } }, populate: '*' });
  function byId(id: string): Params {
    const numeric = /^\d+$/.test(id);
    if (v3) return numeric ? { id } : { _id: id };
    if (config.version === 'v5' && !numeric) return { filters: { documentId: { $eq: id } }, populate: '*' };
    return { filters: { id: { $eq: id } }, populate: '*' };
  }

  function categories(): Promise<Category[]> {
    if (categoryMemo && Date.now() - categoryMemo.at < MEMO_MS) return categoryMemo.value;
    const value = get('/categories', v3 ? { _limit: PAGE_SIZE } : { pagination: { pageSize: PAGE_SIZE } }).then((items) =>
      items.map(reshapeCategory).filter((c): c is Category => c !== null),
    );
    value.catch(() => {
      categoryMemo = null;
    });
    categoryMemo = { at: Date.now(), value };
    return value;
  }

  /** Remote categories name the captions when there are any; otherwise the sample categories do. */
  async function detailContext(): Promise<ReshapeContext> {
    try {
      const remote = await categories();
      return remote.length ? { ...ctxBase, categories: remote } : ctxBase;
    } catch {
      return ctxBase;
    }
  }

  async function fetchList(): Promise<Wedding[]> {
    const items = await get('/weddings', listParams());
    const list = items.map((i) => reshapeWedding(i, ctxBase)).filter((w): w is Wedding => w !== null);
    // A wedding without any image gets the cover its detail page will show (the first placeholder).
    return list.map((w) => (w.coverImage ? w : { ...w, coverImage: placeholderGallery(w)[0] }));
  }

  async function fetchDetail(params: Params): Promise<WeddingDetail | null> {
    const [items, ctx] = await Promise.all([get('/weddings', params), detailContext()]);
    for (const item of items) {
      const detail = reshapeWeddingDetail(item, ctx);
      if (detail) return withPlaceholderGallery(detail);
    }
    return null;
  }

  async function fetchPosts(params: Params): Promise<BlogPost[]> {
    const items = await get('/blog-posts', params);
    return items.map((i) => reshapeBlogPost(i, ctxBase)).filter((p): p is BlogPost => p !== null);
  }

  return withStaleIfError(
    {
      name: 'strapi',
      weddings: fetchList,
      wedding: (slug) => fetchDetail(bySlug(slug)),
      weddingById: (id) => fetchDetail(byId(id)),
      posts: async () => (await fetchPosts(listParams())).sort((a, b) => b.date.localeCompare(a.date)),
      post: async (slug) => (await fetchPosts(bySlug(slug)))[0] ?? null,
      categories,
      probe: () => timedProbe(async () => (await fetchList()).length),
    },
    { snapshots: config.snapshots },
  );
}
