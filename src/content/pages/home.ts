import { z } from 'zod';
import { readContentJson, linkSchema, metaSchema, text } from '@/site/public.server';
import { contentImageSchema } from './images';

const section = { eyebrow: text(), heading: text() };

export const homeSchema = z.object({
  meta: metaSchema,
  hero: z.object({ eyebrow: text(), heading: text(), cta: text(), secondaryCta: linkSchema, imageAlt: text(), image: contentImageSchema }),
  favourites: z.object({ ...section, linkLabel: text() }),
  about: z.object({ ...section, paragraphs: z.array(text()).min(1), portraitAlt: text(), portrait: contentImageSchema, link: linkSchema }),
  /** The quotes themselves live in content/testimonials.json. */
  testimonials: z.object({ heading: text() }),
  pricing: z.object({ ...section, text: text(), fromLabel: text(), link: linkSchema }),
  contact: z.object({ ...section, text: text(), cta: text(), secondary: linkSchema }),
});
export type HomeContent = z.infer<typeof homeSchema>;

export function getHomeContent(): HomeContent {
  return readContentJson('home.json', homeSchema);
}
