import 'server-only';
import { getEnv } from '@/platform/env';
import { contentSourceNames, getCachedContent, getCategories, getWedding, getWeddingById, getWeddings } from '@/content/registry.server';
import type { ContentProvider } from '@/content/types';

/** What the portfolio and wedding pages need from the content layer. */
export type WeddingSource = Pick<ContentProvider, 'getWeddings' | 'getWedding' | 'getWeddingById' | 'getCategories'> & {
  readonly name: ContentProvider['name'];
};

/** The configured source (CONTENT_SOURCE) through the registry's cache. */
export function configuredSource(): WeddingSource {
  return {
    name: getEnv().CONTENT_SOURCE,
    getWeddings,
    getWedding,
    getWeddingById,
    getCategories,
  };
}

/**
 * The /strapi-* pages (docs/spec.md §2) show the Strapi provider's content whenever STRAPI_URL is set, even when the
 * site itself uses another source, through the same cache and stale-if-error rules (docs/spec.md §4/§8). Without STRAPI_URL
 * (or while no Strapi provider is registered) they show the configured source, i.e. the sample weddings.
 */
export function strapiSource(): WeddingSource {
  const env = getEnv();
  if (env.CONTENT_SOURCE === 'strapi' || !env.STRAPI_URL || !contentSourceNames().includes('strapi')) return configuredSource();
  const content = getCachedContent('strapi');
  return {
    name: content.name,
    getWeddings: () => content.getWeddings(),
    getWedding: (slug) => content.getWedding(slug),
    getWeddingById: (id) => content.getWeddingById(id),
    getCategories: () => content.getCategories(),
  };
}
