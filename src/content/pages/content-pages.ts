import fs from 'node:fs';
import path from 'node:path';
import { contentDir } from '@/site/public.server';
import type { Page } from '@/content/types';
import { readMarkdownFile } from './markdown';
import { pageFrontSchema } from './static-pages';
import type { z } from 'zod';
import { isValidPageSlug } from '@/site/public';

/**
 * Free-standing content pages served by the catch-all route `/{slug}` from `content/pages/<slug>.md`.
 * The slug is the route's validity check (src/site/page-slug.ts).
 */
export { failsSlugCheck, isValidPageSlug } from '@/site/public';

export interface ContentPage extends Page {
  eyebrow: string;
  lead: string;
  /** Rendered HTML of `body`. */
  html: string;
}

type Front = z.infer<typeof pageFrontSchema>;

export function getContentPage(slug: string): ContentPage | null {
  if (!isValidPageSlug(slug)) return null;
  const doc = readMarkdownFile<Front>(`pages/${slug}.md`, pageFrontSchema);
  if (!doc) return null;
  const { title, description, eyebrow, lead } = doc.data;
  return { slug, title: doc.data.heading ?? title, description, eyebrow, lead, body: doc.source, html: doc.html };
}

/** Slugs of every content page (for the sitemap). */
export function listContentPageSlugs(): string[] {
  const dir = path.join(contentDir(), 'pages');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => e.name.slice(0, -3))
    .filter(isValidPageSlug)
    .sort();
}
