import { z } from 'zod';
import { fillPlaceholders } from './text-placeholders';

/**
 * Czech typography: a one-letter preposition or conjunction (v, k, s, z, o, u, a, i) must not end a line, so the
 * space after it becomes a non-breaking one. Applied to visible content strings while they are parsed.
 */
export function czechNbsp(input: string): string {
  return (
    input
      // A lookbehind, not a consumed prefix: in „a s místem“ the space before „s“ was already taken by „a“'s match,
      // so „s“ kept its breakable space.
      .replace(/(?<=^|[\s(„"])([ksvzouaiKSVZOUAI])[ \t\n\r]+(?=\S)/g, '$1\u00a0')
      // "14 900 Kč": thousands groups stay together …
      .replace(/(\d) (?=\d{3}(?!\d))/g, '$1\u00a0')
      // … and so do a number and its unit or sign ("150 km", "30 %", "30 × 30 cm").
      .replace(/(\d) (?=(?:Kč|km|cm|mm|%|×|h\b|min\b))/g, '$1\u00a0')
      .replace(/([×§]) (?=\d)/g, '$1\u00a0')
  );
}

/** A visible text field: trimmed, non-empty, `{{placeholders}}` filled, with Czech non-breaking spaces. */
export const text = () =>
  z
    .string()
    .trim()
    .min(1)
    .transform((s) => czechNbsp(fillPlaceholders(s)));

/** A site-relative link target ("/cenik", "/cenik#doplnky") or an absolute https URL. */
export const href = () =>
  z.string().regex(/^(\/[a-z0-9\-/#?=&_.]*|https:\/\/\S+)$/, 'musí být odkaz začínající „/“ nebo https://');

export const linkSchema = z.object({ href: href(), label: text() });
export type Link = z.infer<typeof linkSchema>;

/** Per-page title and description (title without the site name; the layout's template appends it). */
export const metaSchema = z.object({
  title: z.string().trim().min(1).max(70),
  description: z
    .string()
    .trim()
    .transform((s) => fillPlaceholders(s))
    .pipe(z.string().min(50).max(200)),
});
export type PageMeta = z.infer<typeof metaSchema>;

/** An id usable in URLs and as an HTML id: ASCII kebab-case. */
export const slugId = () => z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'musí být ASCII kebab-case');
