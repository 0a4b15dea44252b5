import { loadLocalBlogPosts } from '../../blog-local';
import { SAMPLE_CATEGORIES } from '../../placeholders';
import { sampleWeddingById, sampleWeddingBySlug, sampleWeddings, toWedding } from '../../sample-data';
import type { ContentProvider, WeddingDetail } from '../../types';

/**
 * The photographer's own published weddings (the admin content studio, stored in the database). Errors are the
 * reader's to throw; the provider then falls back to the sample weddings.
 */
export type OwnWeddingsReader = () => Promise<WeddingDetail[]>;

export interface LocalProviderOptions {
  ownWeddings?: OwnWeddingsReader;
  onError?: (err: unknown) => void;
}

/**
 * The built-in source: the weddings published in the admin (/admin/svatby) when there is at least one, otherwise
 * the sample weddings with generated galleries exactly as before; blog posts are the Markdown files in content/blog.
 */
export function createLocalProvider(opts: LocalProviderOptions = {}): ContentProvider {
  /** The own weddings, or null when there are none (or they cannot be read): then the samples are shown. */
  const own = async (): Promise<WeddingDetail[] | null> => {
    if (!opts.ownWeddings) return null;
    try {
      const list = await opts.ownWeddings();
      return list.length ? list : null;
    } catch (err) {
      opts.onError?.(err);
      return null;
    }
  };
  return {
    name: 'local',
    async getWeddings() {
      const list = await own();
      return list ? list.map(toWedding) : sampleWeddings();
    },
    async getWedding(slug) {
      const list = await own();
      return list ? (list.find((w) => w.slug === slug) ?? null) : sampleWeddingBySlug(slug);
    },
    async getWeddingById(id) {
      const list = await own();
      return list ? (list.find((w) => w.id === id) ?? null) : sampleWeddingById(id);
    },
    async getBlogPosts() {
      return loadLocalBlogPosts();
    },
    async getBlogPost(slug) {
      return (await loadLocalBlogPosts()).find((p) => p.slug === slug) ?? null;
    },
    async getCategories() {
      return [...SAMPLE_CATEGORIES];
    },
    async probe() {
      const started = Date.now();
      const list = await own();
      return { answered: true, itemCount: list ? list.length : sampleWeddings().length, durationMs: Date.now() - started };
    },
  };
}
