import { loadLocalBlogPosts } from '../../blog-local';
import { sampleWeddings, toWedding } from '../../sample-data';
import type { BlogPost, ContentProvider, WeddingDetail } from '../../types';
import { withStaleIfError } from '../stale-if-error';

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
 * (docs/decisions/040-blog-posts-in-the-database.md). When the database cannot be read, the last good answer is
 * served (stale-if-error, in this process's memory: the database is the source), else the built-in content.
 */
export function createLocalProvider(opts: LocalProviderOptions = {}): ContentProvider {
  const own = async (): Promise<WeddingDetail[]> => {
    if (!opts.ownWeddings) return [];
    try {
      return await opts.ownWeddings();
    } catch (err) {
      opts.onError?.(err);
      throw err;
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
      throw err;
    }
    const taken = new Set(mine.map((p) => p.slug));
    const kept = files.filter((f) => {
      if (!taken.has(f.slug)) return true;
      opts.onSlugClash?.(f.slug);
      return false;
    });
    return [...mine, ...kept].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  };
  return withStaleIfError({
    name: 'local',
    weddings: async () => (await own()).map(toWedding),
    wedding: async (slug) => (await own()).find((w) => w.slug === slug) ?? null,
    weddingById: async (id) => (await own()).find((w) => w.id === id) ?? null,
    posts,
    post: async (slug) => (await posts()).find((p) => p.slug === slug) ?? null,
    // The studio's categories are the sample categories: an empty answer shows those.
    categories: async () => [],
    async probe() {
      const started = Date.now();
      try {
        const list = await own();
        return { answered: true, itemCount: list.length ? list.length : sampleWeddings().length, durationMs: Date.now() - started };
      } catch (err) {
        return { answered: false, itemCount: 0, error: err instanceof Error ? err.message : String(err), durationMs: Date.now() - started };
      }
    },
  });
}
