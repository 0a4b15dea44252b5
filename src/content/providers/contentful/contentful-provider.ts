import { log } from '@/platform/log';
import { proxiedMediaUrl } from '../../media-proxy';
import { placeholderGallery } from '../../placeholders';
import { withPlaceholderGallery } from '../../sample-data';
import type { BlogPost, Category, ContentProvider, Wedding, WeddingDetail } from '../../types';
import { timedProbe, withStaleIfError, type SnapshotStore } from '../stale-if-error';
import { ContentFetchError, fetchJson } from '../http';
import { isContentType, linkContext, parseItems, reshapeBlogPost, reshapeCategory, reshapeWedding, reshapeWeddingDetail, type LinkContext } from './reshape';
import { collectionSchema, type ContentfulEntry } from './schema';

/**
 * Contentful Content Delivery API provider (docs/protocols.md §2): entries of content type `wedding`
 * (list include=1, detail `fields.slug=…` include=2), `blogPost` and `category`.
 */
export interface ContentfulConfig {
  /** e.g. https://cdn.contentful.com (tests point it at a local fake). */
  cdaUrl: string;
  spaceId: string;
  accessToken: string;
  environment: string;
  timeoutMs: number;
  /** Where last good answers outlive the process (stale-if-error across restarts). */
  snapshots?: SnapshotStore;
}

interface Fetched {
  items: ContentfulEntry[];
  ctx: LinkContext;
}

const CATEGORY_MEMO_MS = 60_000;

export function createContentfulProvider(config: ContentfulConfig): ContentProvider {
  const base = `${config.cdaUrl.replace(/\/+$/, '')}/spaces/${encodeURIComponent(config.spaceId)}/environments/${encodeURIComponent(config.environment)}/entries`;
  let categoryMemo: { at: number; value: Promise<Map<string, Category>> } | null = null;

  function entriesUrl(query: Record<string, string>): string {
    const params = new URLSearchParams({ access_token: config.accessToken, ...query });
    return `${base}?${params.toString()}`;
  }

  async function fetchEntries(query: Record<string, string>, categories?: Map<string, Category>): Promise<Fetched> {
    const body = await fetchJson('contentful', entriesUrl(query), { timeoutMs: config.timeoutMs });
    const parsed = collectionSchema.safeParse(body);
    if (!parsed.success) {
      throw new ContentFetchError(`contentful: unexpected answer for content_type=${query.content_type}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, 'contentful', 200, null);
    }
    const items = parseItems(parsed.data.items);
    const ctx = linkContext(parsed.data, items, categories);
    ctx.deliver = (abs) => proxiedMediaUrl('contentful', abs, config.cdaUrl);
    return { items, ctx };
  }

  /** Category entries by id, fetched only when an asset tag points at an entry the answer did not include. */
  function remoteCategories(): Promise<Map<string, Category>> {
    if (categoryMemo && Date.now() - categoryMemo.at < CATEGORY_MEMO_MS) return categoryMemo.value;
    const value = fetchEntries({ content_type: 'category', include: '0' }).then(({ items }) => {
      const map = new Map<string, Category>();
      for (const e of items) {
        const c = reshapeCategory(e, `category-${e.sys.id}`);
        if (c) map.set(e.sys.id, c);
      }
      return map;
    });
    value.catch(() => {
      categoryMemo = null;
    });
    categoryMemo = { at: Date.now(), value };
    return value;
  }

  function needsCategories(fetched: Fetched): boolean {
    for (const asset of fetched.ctx.assets.values()) {
      for (const tag of asset.metadata?.tags ?? []) {
        if (tag.sys.id.startsWith('category-') && !fetched.ctx.entries.has(tag.sys.id.slice('category-'.length))) return true;
      }
    }
    return false;
  }

  async function fetchDetail(query: Record<string, string>): Promise<WeddingDetail | null> {
    let fetched = await fetchEntries({ content_type: 'wedding', ...query, include: '2' });
    const entry = fetched.items.find((e) => isContentType(e, 'wedding'));
    if (!entry) return null;
    if (needsCategories(fetched)) {
      try {
        fetched = { ...fetched, ctx: { ...fetched.ctx, categories: await remoteCategories() } };
      } catch (err) {
        // Images still show; only their category chips are missing.
        log.warn('content: contentful category lookup failed', { error: err instanceof Error ? err.message : String(err) });
      }
    }
    return withPlaceholderGallery(reshapeWeddingDetail(entry, fetched.ctx));
  }

  async function fetchList(): Promise<Wedding[]> {
    const { items, ctx } = await fetchEntries({ content_type: 'wedding', include: '1' });
    const list = items.filter((e) => isContentType(e, 'wedding')).map((e) => reshapeWedding(e, ctx));
    // A wedding without any image gets the cover its detail page will show (the first placeholder).
    return list.map((w) => (w.coverImage ? w : { ...w, coverImage: placeholderGallery(w)[0] }));
  }

  async function fetchBlogPosts(query: Record<string, string>): Promise<BlogPost[]> {
    const { items, ctx } = await fetchEntries({ content_type: 'blogPost', ...query });
    return items
      .filter((e) => isContentType(e, 'blogPost'))
      .map((e) => reshapeBlogPost(e, ctx))
      .filter((p): p is BlogPost => p !== null);
  }

  return withStaleIfError(
    {
      name: 'contentful',
      weddings: fetchList,
      wedding: (slug) => fetchDetail({ 'fields.slug': slug }),
      weddingById: (id) => fetchDetail({ 'sys.id': id }),
      posts: async () => (await fetchBlogPosts({ include: '1' })).sort((a, b) => b.date.localeCompare(a.date)),
      post: async (slug) => (await fetchBlogPosts({ 'fields.slug': slug, include: '2' }))[0] ?? null,
      categories: async () => [...(await remoteCategories()).values()],
      probe: () => timedProbe(async () => (await fetchList()).length),
    },
    { snapshots: config.snapshots },
  );
}
