import { z } from 'zod';
import { fillMarkdown, readMarkdownFile, type MarkdownDoc } from './markdown';
import { renderMarkdown } from '../markdown';
import { getHomeContent } from './home';
import { linkSchema, metaSchema, text } from '@/site/public.server';
import { contentImageSchema } from './images';
import { ISO_DATE } from '@/platform/dates';

/** Front-matter shared by every Markdown page (title/description are also the page's SEO meta). */
export const pageFrontSchema = z.object({
  title: metaSchema.shape.title,
  description: metaSchema.shape.description,
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

/**
 * The about page: content/pages/static/omne.md, with what she wrote in the admin (the `home` settings'
 * `aboutPage`: heading, lead, Markdown body — rendered as untrusted Markdown, no raw HTML) and her uploaded portrait
 * (the home page's) over it.
 */
export function getAboutPage(): MarkdownDoc<AboutFront> {
  const file = 'pages/static/omne.md';
  const doc = required(readMarkdownFile(file, aboutFrontSchema), file);
  const home = getHomeContent();
  const own = home.aboutPage;
  const portrait = 'photo' in home.about.portrait ? { portrait: home.about.portrait, portraitAlt: home.about.portraitAlt } : {};
  if (!own && !('portrait' in portrait)) return doc;
  return {
    data: { ...doc.data, ...portrait, ...(own?.heading ? { heading: own.heading } : {}), ...(own?.lead ? { lead: own.lead } : {}), ...(own?.facts ? { facts: own.facts } : {}) },
    source: own?.body ?? doc.source,
    html: own?.body ? renderMarkdown(fillMarkdown(own.body)) : doc.html,
  };
}

/** The portrait content/pages/static/omne.md ships (shown when her own is unavailable). */
export function aboutFilePortrait(): Pick<AboutFront, 'portrait' | 'portraitAlt'> {
  const file = 'pages/static/omne.md';
  const { data } = required(readMarkdownFile(file, aboutFrontSchema), file);
  return { portrait: data.portrait, portraitAlt: data.portraitAlt };
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
