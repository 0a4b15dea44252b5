import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import { contentDir, fillPlaceholders, czechNbsp } from '@/site/public.server';
import { renderTrustedMarkdown } from '../markdown';

/** A content page's Markdown with its placeholders filled and Czech non-breaking spaces: the text a reader gets. */
export function fillMarkdown(source: string): string {
  return czechNbsp(fillPlaceholders(source));
}

/** A content page's Markdown → HTML: placeholders filled, Czech non-breaking spaces, then the trusted renderer. */
export function renderMarkdown(source: string): string {
  return renderTrustedMarkdown(fillMarkdown(source));
}

export interface MarkdownDoc<T> {
  data: T;
  /** Markdown source of the body (placeholders not yet filled). */
  source: string;
  html: string;
}

const cache = new Map<string, MarkdownDoc<unknown>>();

/**
 * Reads `content/<file>` (front-matter + Markdown), validates the front-matter with `schema` and renders the body.
 * Returns null when the file does not exist; an invalid file throws with the file name and every bad field.
 */
export function readMarkdownFile<T>(file: string, schema: z.ZodType<T>): MarkdownDoc<T> | null {
  const hit = cache.get(file);
  if (hit) return hit as MarkdownDoc<T>;
  const full = path.join(contentDir(), file);
  if (!fs.existsSync(full)) return null;
  // An options object disables gray-matter's own cache keyed by file content.
  const parsed = matter(fs.readFileSync(full, 'utf8'), {});
  const front = schema.safeParse(parsed.data);
  if (!front.success) {
    throw new Error(`Content file ${file} is invalid: ${front.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const doc: MarkdownDoc<T> = { data: front.data, source: parsed.content, html: renderMarkdown(parsed.content) };
  cache.set(file, doc);
  return doc;
}
export { fillPlaceholders } from '@/site/public.server';
