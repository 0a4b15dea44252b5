import fs from 'node:fs';
import path from 'node:path';
import { contentDir } from '@/content/site';
import type { Page } from '@/content/types';
import { readMarkdownFile } from './markdown';
import { pageFrontSchema } from './static-pages';
import type { z } from 'zod';

/**
 * Free-standing content pages served by the catch-all route `/{slug}` from `content/pages/<slug>.md`.
 * The slug is the route's validity check: ASCII kebab-case only, so it can never name a path outside the folder.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidPageSlug(slug: string): boolean {
  return slug.length <= 80 && SLUG.test(slug);
}

/**
 * For the not-found page of `/{slug}`: true when the requested path fails the slug validity check (the fatal
 * "Page Not Found" variant), false when it is well-formed but has no page (plain "Page not found").
 */
export function failsSlugCheck(fullPath: string): boolean {
  const segment = fullPath.split('?')[0].replace(/^\/+|\/+$/g, '');
  try {
    return !isValidPageSlug(decodeURIComponent(segment));
  } catch {
    // Malformed percent-encoding is itself a failed check.
    return true;
  }
}

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
