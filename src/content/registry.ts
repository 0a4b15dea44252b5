import { getEnv, type Env } from '@/platform/env';
import { cached } from './cache';
import { createLocalProvider } from './providers/local/local-provider';
import { lastContentError, type ContentError } from './status';
import type { BlogPost, Category, ContentProvider, ContentSourceName, Wedding, WeddingDetail } from './types';

/**
 * Typed registry of content providers, chosen by CONTENT_SOURCE at RUN time (never inlined at build time:
 * one build can be started against any source). Pages call the convenience functions below; they never
 * see a provider's vendor JSON. Results are cached per process (see cache.ts); the cache key starts with
 * the source and its configuration, so another CONTENT_SOURCE never shows the previous source's data.
 */

type ProviderFactory = (env: Env) => ContentProvider;

const PROVIDERS: Partial<Record<ContentSourceName, ProviderFactory>> = {
  local: () => createLocalProvider(),
};

export function contentSourceNames(): string[] {
  return Object.keys(PROVIDERS);
}

/** Identifies the source and everything that changes what it returns (no secrets). */
function sourceKey(env: Env): string {
  switch (env.CONTENT_SOURCE) {
    case 'contentful':
      return `contentful|${env.CONTENTFUL_CDA_URL}|${env.CONTENTFUL_SPACE_ID ?? ''}|${env.CONTENTFUL_ENVIRONMENT}`;
    case 'strapi':
      return `strapi|${env.STRAPI_URL ?? ''}|${env.STRAPI_PREFIX}|${env.STRAPI_VERSION}`;
    default:
      return 'local';
  }
}

const g = globalThis as unknown as { __contentProviders?: Map<string, ContentProvider> };

/** The provider configured by CONTENT_SOURCE (or the named one). Unknown names fail listing the valid ones. */
export function getContentProvider(name?: string): ContentProvider {
  const env = getEnv();
  const wanted = name ?? env.CONTENT_SOURCE;
  const factory = Object.hasOwn(PROVIDERS, wanted) ? PROVIDERS[wanted as ContentSourceName] : undefined;
  if (!factory) {
    throw new Error(`Unknown content source "${wanted}"; valid names: ${contentSourceNames().join(', ')}`);
  }
  const key = wanted === env.CONTENT_SOURCE ? sourceKey(env) : wanted;
  if (!g.__contentProviders) g.__contentProviders = new Map();
  let provider = g.__contentProviders.get(key);
  if (!provider) {
    provider = factory(env);
    g.__contentProviders.set(key, provider);
  }
  return provider;
}

function ttlMs(): number {
  return getEnv().CONTENT_REVALIDATE_SECONDS * 1000;
}

function cachedCall<T>(what: string, fn: (p: ContentProvider) => Promise<T>): Promise<T> {
  const env = getEnv();
  const provider = getContentProvider();
  return cached(`${sourceKey(env)}#${what}`, ttlMs(), () => fn(provider));
}

/** All weddings (never throws: remote failures fall back to the sample weddings). */
export function getWeddings(): Promise<Wedding[]> {
  return cachedCall('weddings', (p) => p.getWeddings());
}

/** One wedding with story and gallery, or null when the slug is unknown (→ 404). */
export function getWedding(slug: string): Promise<WeddingDetail | null> {
  return cachedCall(`wedding:${slug}`, (p) => p.getWedding(slug));
}

export function getWeddingById(id: string): Promise<WeddingDetail | null> {
  return cachedCall(`wedding-id:${id}`, (p) => p.getWeddingById(id));
}

/** Blog posts, newest first. */
export function getBlogPosts(): Promise<BlogPost[]> {
  return cachedCall('blog', (p) => p.getBlogPosts());
}

export function getBlogPost(slug: string): Promise<BlogPost | null> {
  return cachedCall(`blog:${slug}`, (p) => p.getBlogPost(slug));
}

/** Photo categories (přípravy, obřad, …). */
export function getCategories(): Promise<Category[]> {
  return cachedCall('categories', (p) => p.getCategories());
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
  checkedAt: string;
}

/** Asks the configured source directly (no cache, no fallback). Never throws. */
export async function getContentStatus(): Promise<ContentStatus> {
  const env = getEnv();
  const provider = getContentProvider();
  const probe = await provider.probe();
  const config: ContentStatus['config'] =
    env.CONTENT_SOURCE === 'contentful'
      ? { contentfulCdaUrl: env.CONTENTFUL_CDA_URL, contentfulSpaceId: env.CONTENTFUL_SPACE_ID, contentfulEnvironment: env.CONTENTFUL_ENVIRONMENT }
      : env.CONTENT_SOURCE === 'strapi'
        ? { strapiUrl: env.STRAPI_URL, strapiPrefix: env.STRAPI_PREFIX, strapiVersion: env.STRAPI_VERSION, strapiTokenSet: Boolean(env.STRAPI_TOKEN) }
        : {};
  return {
    source: provider.name,
    config,
    answered: probe.answered,
    itemCount: probe.itemCount,
    ...(probe.error ? { error: probe.error } : {}),
    durationMs: probe.durationMs,
    lastError: lastContentError(provider.name),
    usingFallback: provider.name !== 'local' && (!probe.answered || probe.itemCount === 0),
    checkedAt: new Date().toISOString(),
  };
}
