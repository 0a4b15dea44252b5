import qs from 'qs';
import { loadLocalBlogPosts } from '../../blog-local';
import { proxiedMediaUrl } from '../../media-proxy';
import { SAMPLE_CATEGORIES } from '../../placeholders';
import type { BlogPost, Category, ContentProvider, Wedding, WeddingDetail } from '../../types';
import { detailWithFallback, listWithFallback, reportContentError, timedProbe } from '../fallback';
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
    return items.map((i) => reshapeWedding(i, ctxBase)).filter((w): w is Wedding => w !== null);
  }

  async function fetchDetail(params: Params): Promise<WeddingDetail | null> {
    const [items, ctx] = await Promise.all([get('/weddings', params), detailContext()]);
    for (const item of items) {
      const detail = reshapeWeddingDetail(item, ctx);
      if (detail) return detail;
    }
    return null;
  }

  async function fetchPosts(params: Params): Promise<BlogPost[]> {
    const items = await get('/blog-posts', params);
    return items.map((i) => reshapeBlogPost(i, ctxBase)).filter((p): p is BlogPost => p !== null);
  }

  return {
    name: 'strapi',
    getWeddings: () => listWithFallback('strapi', fetchList),
    getWedding: (slug) => detailWithFallback('strapi', { slug }, () => fetchDetail(bySlug(slug))),
    getWeddingById: (id) => detailWithFallback('strapi', { id }, () => fetchDetail(byId(id))),
    async getBlogPosts() {
      try {
        const posts = await fetchPosts(listParams());
        if (posts.length > 0) return posts.sort((a, b) => b.date.localeCompare(a.date));
      } catch (err) {
        reportContentError('strapi', 'blog list', err);
      }
      return loadLocalBlogPosts();
    },
    async getBlogPost(slug) {
      try {
        const [post] = await fetchPosts(bySlug(slug));
        if (post) return post;
      } catch (err) {
        reportContentError('strapi', `blog slug=${slug}`, err);
      }
      return (await loadLocalBlogPosts()).find((p) => p.slug === slug) ?? null;
    },
    async getCategories() {
      try {
        const remote = await categories();
        if (remote.length > 0) return remote;
      } catch (err) {
        reportContentError('strapi', 'categories', err);
      }
      return [...SAMPLE_CATEGORIES];
    },
    probe: () => timedProbe(async () => (await fetchList()).length),
  };
}
