import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import { contentDir, getSiteInfo } from '@/content/site';
import { czechNbsp } from './common';
import { renderTrustedMarkdown } from '../markdown';

/**
 * Photographer details in Markdown pages are written as {{name}}, {{ico}}, … so the privacy notice and other
 * pages always show what content/site.json says, without repeating it.
 */
export function sitePlaceholders(): Record<string, string> {
  const p = getSiteInfo().photographer;
  return {
    name: p.name,
    brand: p.brand,
    ico: p.ico,
    dic: p.dic ?? 'neplátce DPH',
    email: p.email,
    phone: p.phone,
    address: `${p.street}, ${p.postalCode} ${p.city}`,
    city: p.city,
  };
}

export function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Unknown placeholder ${whole} in Markdown content`);
    return value;
  });
}

/** A content page's Markdown → HTML: placeholders filled, Czech non-breaking spaces, then the trusted renderer. */
export function renderMarkdown(source: string): string {
  return renderTrustedMarkdown(czechNbsp(fillPlaceholders(source, sitePlaceholders())));
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
