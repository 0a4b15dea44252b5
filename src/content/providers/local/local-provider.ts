import { loadLocalBlogPosts } from '../../blog-local';
import { SAMPLE_CATEGORIES } from '../../placeholders';
import { sampleWeddingById, sampleWeddingBySlug, sampleWeddings } from '../../sample-data';
import type { ContentProvider } from '../../types';

/** The built-in source: sample weddings with generated galleries and Markdown blog posts from content/blog. */
export function createLocalProvider(): ContentProvider {
  return {
    name: 'local',
    async getWeddings() {
      return sampleWeddings();
    },
    async getWedding(slug) {
      return sampleWeddingBySlug(slug);
    },
    async getWeddingById(id) {
      return sampleWeddingById(id);
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
      const weddings = sampleWeddings();
      return { answered: true, itemCount: weddings.length, durationMs: Date.now() - started };
    },
  };
}
