import { z } from 'zod';
import { readMarkdownFile, type MarkdownDoc } from './markdown';
import { fillPlaceholders, linkSchema, text } from '@/site/public.server';
import { contentImageSchema } from './images';
import { ISO_DATE } from '@/platform/dates';

/** Front-matter shared by every Markdown page (title/description are also the page's SEO meta). */
export const pageFrontSchema = z.object({
  title: z.string().trim().min(1).max(70),
  description: z
    .string()
    .trim()
    .transform((s) => fillPlaceholders(s))
    .pipe(z.string().min(50).max(200)),
  eyebrow: text(),
  heading: text().optional(),
  lead: text(),
});

const isoDate = z
  .union([z.date(), z.string().regex(ISO_DATE)])
  .transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d));

export const aboutFrontSchema = pageFrontSchema.extend({
  heading: text(),
  portraitAlt: text(),
  portrait: contentImageSchema,
  facts: z.array(z.object({ value: text(), label: text() })),
  cta: linkSchema,
});
export type AboutFront = z.infer<typeof aboutFrontSchema>;

export const privacyFrontSchema = pageFrontSchema.extend({ heading: text(), updated: isoDate });
export type PrivacyFront = z.infer<typeof privacyFrontSchema>;

function required<T>(doc: MarkdownDoc<T> | null, file: string): MarkdownDoc<T> {
  if (!doc) throw new Error(`Content file ${file} is missing`);
  return doc;
}

export function getAboutPage(): MarkdownDoc<AboutFront> {
  const file = 'pages/static/omne.md';
  return required(readMarkdownFile(file, aboutFrontSchema), file);
}

export function getPrivacyPage(): MarkdownDoc<PrivacyFront> {
  const file = 'pages/static/ochrana-udaju.md';
  return required(readMarkdownFile(file, privacyFrontSchema), file);
}

/** The terms (obchodní podmínky): Markdown with `{{placeholders}}` filled from content/site.json and content/terms.json. */
export function getTermsPage(): MarkdownDoc<PrivacyFront> {
  const file = 'pages/static/obchodni-podminky.md';
  return required(readMarkdownFile(file, privacyFrontSchema), file);
}
