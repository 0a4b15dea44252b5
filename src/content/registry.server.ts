import 'server-only';
import { getDbHandle } from '@/db/db.server';
import { getEnv, type Env } from '@/platform/env';
import { log } from '@/platform/log';
import { cached } from './cache';
import { readSnapshot, removeSnapshot, writeSnapshot } from './repositories/snapshots.server';
import type { SnapshotStore } from './providers/stale-if-error';
import { createContentfulProvider } from './providers/contentful/contentful-provider';
import { createLocalProvider } from './providers/local/local-provider';
import { createStrapiProvider } from './providers/strapi/strapi-provider';
import { publishedPosts } from './studio/posts.server';
import { publishedWeddingDetails } from './studio/public.server';
import { contentOutage, lastContentError, type ContentError, type ContentOutage } from './status';
import type { BlogPost, Category, ContentProvider, ContentSourceName, Wedding, WeddingDetail } from './types';

/**
 * Typed registry of content providers, chosen by CONTENT_SOURCE at RUN time (never inlined at build time:
 * one build can be started against any source). Pages call the convenience functions below; they never
 * see a provider's vendor JSON. Results are cached per process (see cache.ts); the cache key starts with
 * the source and its configuration, so another CONTENT_SOURCE never shows the previous source's data.
 */

type ProviderFactory = (env: Env) => ContentProvider;

/**
 * The remote sources' last good answers, in the database (`content_snapshots`), keyed by the source's identity: a
 * restart during an outage serves them instead of the sample weddings (docs/decisions/090-stale-if-error.md).
 */
function databaseSnapshots(prefix: string): SnapshotStore {
  const db = async () => (await getDbHandle()).db;
  return {
    load: async (key) => readSnapshot(await db(), `${prefix}#${key}`),
    save: async (key, value) => writeSnapshot(await db(), `${prefix}#${key}`, value),
    remove: async (key) => removeSnapshot(await db(), `${prefix}#${key}`),
  };
}

const PROVIDERS: Record<ContentSourceName, ProviderFactory> = {
  // The built-in source reads the weddings and blog posts published in the admin studio from the database (sample
  // weddings when none; the Markdown posts of content/blog always).
  local: () =>
    createLocalProvider({
      ownWeddings: async () => publishedWeddingDetails((await getDbHandle()).db),
      ownPosts: async () => publishedPosts((await getDbHandle()).db),
      onSlugClash: (slug) => log.warn('content: a blog post of the admin and a Markdown file share a slug; showing the admin post', { slug }),
    }),
  contentful: (env) =>
    createContentfulProvider({
      cdaUrl: env.CONTENTFUL_CDA_URL,
      // parseEnv() refuses CONTENT_SOURCE=contentful without space and token.
      spaceId: env.CONTENTFUL_SPACE_ID ?? '',
      accessToken: env.CONTENTFUL_ACCESS_TOKEN ?? '',
      environment: env.CONTENTFUL_ENVIRONMENT,
      timeoutMs: env.CONTENT_TIMEOUT_MS,
      snapshots: databaseSnapshots(sourceKey(env, 'contentful')),
    }),
  strapi: (env) =>
    createStrapiProvider({
      // parseEnv() refuses CONTENT_SOURCE=strapi without STRAPI_URL.
      url: env.STRAPI_URL ?? 'http://localhost:1337',
      // Strapi v3 has no REST prefix (docs/protocols.md §1); same rule as the accounts client.
      prefix: env.STRAPI_VERSION === 'v3' ? '' : env.STRAPI_PREFIX,
      version: env.STRAPI_VERSION,
      token: env.STRAPI_TOKEN,
      timeoutMs: env.CONTENT_TIMEOUT_MS,
      snapshots: databaseSnapshots(sourceKey(env, 'strapi')),
    }),
};

export function contentSourceNames(): string[] {
  return Object.keys(PROVIDERS);
}

/** Identifies a source and everything that changes what it returns (no secrets). */
function sourceKey(env: Env, name: ContentSourceName): string {
  switch (name) {
    case 'contentful':
      return `contentful|${env.CONTENTFUL_CDA_URL}|${env.CONTENTFUL_SPACE_ID ?? ''}|${env.CONTENTFUL_ENVIRONMENT}`;
    case 'strapi':
      return `strapi|${env.STRAPI_URL ?? ''}|${env.STRAPI_PREFIX}|${env.STRAPI_VERSION}`;
    default:
      return 'local';
  }
}

function sourceName(name: string | undefined): ContentSourceName {
  const wanted = name ?? getEnv().CONTENT_SOURCE;
  if (!Object.hasOwn(PROVIDERS, wanted)) {
    throw new Error(`Unknown content source "${wanted}"; valid names: ${contentSourceNames().join(', ')}`);
  }
  return wanted as ContentSourceName;
}

const g = globalThis as unknown as { __contentProviders?: Map<string, ContentProvider> };

/**
 * The provider configured by CONTENT_SOURCE (or the named one, e.g. 'strapi' for the /strapi-* pages),
 * uncached. Unknown names fail listing the valid ones.
 */
export function getContentProvider(name?: string): ContentProvider {
  const env = getEnv();
  const source = sourceName(name);
  const key = sourceKey(env, source);
  if (!g.__contentProviders) g.__contentProviders = new Map();
  let provider = g.__contentProviders.get(key);
  if (!provider) {
    provider = PROVIDERS[source](env);
    g.__contentProviders.set(key, provider);
  }
  return provider;
}

/** The provider's read functions behind the process cache (what pages should use). */
export type CachedContent = Omit<ContentProvider, 'probe' | 'lastGoodWeddingCount'>;

/** Cached access to the configured source (or the named one). */
export function getCachedContent(name?: string): CachedContent {
  const env = getEnv();
  const provider = getContentProvider(name);
  const prefix = sourceKey(env, provider.name);
  const ttl = env.CONTENT_REVALIDATE_SECONDS * 1000;
  const c = <T>(what: string, fn: () => Promise<T>) => cached(`${prefix}#${what}`, ttl, fn);
  return {
    name: provider.name,
    getWeddings: () => c('weddings', () => provider.getWeddings()),
    getWedding: (slug) => c(`wedding:${slug}`, () => provider.getWedding(slug)),
    getWeddingById: (id) => c(`wedding-id:${id}`, () => provider.getWeddingById(id)),
    getBlogPosts: () => c('blog', () => provider.getBlogPosts()),
    getBlogPost: (slug) => c(`blog:${slug}`, () => provider.getBlogPost(slug)),
    getCategories: () => c('categories', () => provider.getCategories()),
  };
}

/** All weddings (never throws: remote failures fall back to the sample weddings). */
export function getWeddings(): Promise<Wedding[]> {
  return getCachedContent().getWeddings();
}

/** One wedding with story and gallery, or null when the slug is unknown (→ 404). */
export function getWedding(slug: string): Promise<WeddingDetail | null> {
  return getCachedContent().getWedding(slug);
}

export function getWeddingById(id: string): Promise<WeddingDetail | null> {
  return getCachedContent().getWeddingById(id);
}

/** Blog posts, newest first. */
export function getBlogPosts(): Promise<BlogPost[]> {
  return getCachedContent().getBlogPosts();
}

export function getBlogPost(slug: string): Promise<BlogPost | null> {
  return getCachedContent().getBlogPost(slug);
}

/** Photo categories (přípravy, obřad, …). */
export function getCategories(): Promise<Category[]> {
  return getCachedContent().getCategories();
}

export interface ContentStatus {
  source: ContentSourceName;
  /** Non-secret configuration, for the diagnostics page. */
  config: {
    contentfulCdaUrl?: string;
    contentfulSpaceId?: string;
    contentfulEnvironment?: string;
    strapiUrl?: string;
    strapiPrefix?: string;
    strapiVersion?: string;
    strapiTokenSet?: boolean;
  };
  answered: boolean;
  itemCount: number;
  /** The failure of this probe, if any. */
  error?: string;
  durationMs: number;
  /** The last failure any content call recorded for this source (may predate a successful probe). */
  lastError: ContentError | null;
  /** Whether visitors currently see the built-in sample weddings instead of the source's own. */
  usingFallback: boolean;
  /** The source does not answer and visitors see its last good content (stale-if-error). */
  servingLastGood: boolean;
  /** The current outage of this source as this process saw it, if any. */
  outage: ContentOutage | null;
  checkedAt: string;
}

/** Asks the configured source (or the named one) directly: no cache, no fallback. Never throws. */
export async function getContentStatus(name?: string): Promise<ContentStatus> {
  const env = getEnv();
  const provider = getContentProvider(name);
  const [probe, lastGood] = await Promise.all([provider.probe(), provider.lastGoodWeddingCount()]);
  const config: ContentStatus['config'] =
    provider.name === 'contentful'
      ? { contentfulCdaUrl: env.CONTENTFUL_CDA_URL, contentfulSpaceId: env.CONTENTFUL_SPACE_ID, contentfulEnvironment: env.CONTENTFUL_ENVIRONMENT }
      : provider.name === 'strapi'
        ? { strapiUrl: env.STRAPI_URL, strapiPrefix: env.STRAPI_VERSION === 'v3' ? '' : env.STRAPI_PREFIX, strapiVersion: env.STRAPI_VERSION, strapiTokenSet: Boolean(env.STRAPI_TOKEN) }
        : {};
  return {
    source: provider.name,
    config,
    answered: probe.answered,
    itemCount: probe.itemCount,
    ...(probe.error ? { error: probe.error } : {}),
    durationMs: probe.durationMs,
    lastError: lastContentError(provider.name),
    usingFallback: provider.name !== 'local' && (probe.answered ? probe.itemCount === 0 : !lastGood),
    servingLastGood: !probe.answered && Boolean(lastGood),
    outage: contentOutage(provider.name),
    checkedAt: new Date().toISOString(),
  };
}
