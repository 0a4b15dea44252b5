import fs from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';
import { contentDir } from '@/site/public.server';
import { placeholderImage } from './placeholders';
import { readingMinutes } from './reading-time';
import type { BlogPost, Image } from './types';

export { readingMinutes };

/**
 * Local blog posts: Markdown files with YAML front matter in content/blog/*.md, so the photographer can write
 * a post without touching code. The file name (without .md) is the slug.
 */

const dateField = z.union([z.date(), z.string()]).transform((v, ctx) => {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'date must be YYYY-MM-DD' });
    return z.NEVER;
  }
  return d.toISOString().slice(0, 10);
});

const coverSchema = z.union([
  // Generated cover (placeholder artwork) — for sample posts.
  z.object({ seed: z.string().regex(/^[a-z0-9-]{1,60}$/), width: z.number().int().min(16).max(2400), height: z.number().int().min(16).max(2400), alt: z.string().default('') }),
  // A real image: site-relative (/images/…) or absolute URL.
  z.object({ url: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive(), alt: z.string().default('') }),
]);

export const blogFrontMatterSchema = z.object({
  title: z.string().min(1),
  date: dateField,
  excerpt: z.string().default(''),
  cover: coverSchema.optional(),
  relatedWeddings: z.array(z.string()).default([]),
});

function coverImage(slug: string, cover: z.infer<typeof coverSchema> | undefined): Image | undefined {
  if (!cover) return undefined;
  if ('seed' in cover) return placeholderImage(cover.seed, cover.width, cover.height, cover.alt, { id: `blog-${slug}-cover` });
  return { id: `blog-${slug}-cover`, url: cover.url, width: cover.width, height: cover.height, alternativeText: cover.alt, sizeHint: 'large' };
}

export function parseBlogPost(slug: string, source: string): BlogPost {
  const file = matter(source);
  const parsed = blogFrontMatterSchema.safeParse(file.data);
  if (!parsed.success) {
    throw new Error(`Blog post ${slug}: invalid front matter: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const fm = parsed.data;
  const body = file.content.trim();
  const post: BlogPost = {
    slug,
    title: fm.title,
    excerpt: fm.excerpt,
    date: fm.date,
    body,
    relatedWeddings: fm.relatedWeddings,
    readingMinutes: readingMinutes(body),
  };
  const cover = coverImage(slug, fm.cover);
  if (cover) post.coverImage = cover;
  return post;
}

export function blogDir(): string {
  return path.join(contentDir(), 'blog');
}

/** All local posts, newest first. A broken file fails loudly (it ships with the deploy). */
export async function loadLocalBlogPosts(dir: string = blogDir()): Promise<BlogPost[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const posts = await Promise.all(
    names
      .filter((n) => n.endsWith('.md'))
      .map(async (n) => parseBlogPost(n.slice(0, -3), await fs.readFile(path.join(dir, n), 'utf8'))),
  );
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}
