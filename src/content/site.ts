import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Editable site content (photographer details, navigation) lives in /content as JSON/Markdown, so the
 * photographer can change it without touching code. Parsed with zod; a broken file fails loudly at start.
 */
export const siteSchema = z.object({
  photographer: z.object({
    name: z.string().min(1),
    brand: z.string().min(1),
    tagline: z.string(),
    email: z.email(),
    phone: z.string(),
    street: z.string(),
    city: z.string(),
    postalCode: z.string(),
    region: z.string(),
    country: z.string().length(2),
    ico: z.string(),
    dic: z.string().nullable(),
    areaServed: z.array(z.string()),
    social: z.array(z.object({ label: z.string(), url: z.url() })),
  }),
  navigation: z.array(z.object({ href: z.string(), label: z.string() })),
  cta: z.object({ href: z.string(), label: z.string() }),
});
export type SiteInfo = z.infer<typeof siteSchema>;

export function contentDir(): string {
  return path.join(process.cwd(), 'content');
}

const cache = new Map<string, unknown>();

/** Read and validate one JSON content file (cached per process; content files change with a deploy). */
export function readContentJson<T>(file: string, schema: z.ZodType<T>): T {
  const hit = cache.get(file);
  if (hit) return hit as T;
  const full = path.join(contentDir(), file);
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(full, 'utf8')));
  if (!parsed.success) {
    throw new Error(`Content file ${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  cache.set(file, parsed.data);
  return parsed.data;
}

export function getSiteInfo(): SiteInfo {
  return readContentJson('site.json', siteSchema);
}
