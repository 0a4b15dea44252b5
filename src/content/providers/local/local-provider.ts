import { loadLocalBlogPosts } from '../../blog-local';
import { SAMPLE_CATEGORIES } from '../../placeholders';
import { sampleWeddingById, sampleWeddingBySlug, sampleWeddings, toWedding } from '../../sample-data';
import type { BlogPost, ContentProvider, WeddingDetail } from '../../types';

/**
 * The photographer's own published weddings (the admin content studio, stored in the database). Errors are the
 * reader's to throw; the provider then falls back to the sample weddings.
 */
export type OwnWeddingsReader = () => Promise<WeddingDetail[]>;

/** The photographer's own published blog posts (the admin studio, /admin/blog), newest first. */
export type OwnPostsReader = () => Promise<BlogPost[]>;

export interface LocalProviderOptions {
  ownWeddings?: OwnWeddingsReader;
  ownPosts?: OwnPostsReader;
  onError?: (err: unknown) => void;
  /** A database post and a Markdown file share a slug: the database post is shown, the file is not. */
  onSlugClash?: (slug: string) => void;
}

/**
 * The built-in source: the weddings published in the admin (/admin/svatby) when there is at least one, otherwise
 * the sample weddings with generated galleries exactly as before. Blog posts are the Markdown files in content/blog
 * together with the posts published in the admin (/admin/blog); on a slug clash the admin's post wins
 * (docs/decisions/040-blog-posts-in-the-database.md). When the database cannot be read, the files alone are shown.
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
  const posts = async (): Promise<BlogPost[]> => {
    const files = await loadLocalBlogPosts();
    if (!opts.ownPosts) return files;
    let mine: BlogPost[];
    try {
      mine = await opts.ownPosts();
    } catch (err) {
      opts.onError?.(err);
      return files;
    }
    const taken = new Set(mine.map((p) => p.slug));
    const kept = files.filter((f) => {
      if (!taken.has(f.slug)) return true;
      opts.onSlugClash?.(f.slug);
      return false;
    });
    return [...mine, ...kept].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
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
      return posts();
    },
    async getBlogPost(slug) {
      return (await posts()).find((p) => p.slug === slug) ?? null;
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
