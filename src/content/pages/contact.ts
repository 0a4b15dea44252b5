import { z } from 'zod';
import { readContentJson, linkSchema, metaSchema, text } from '@/site/public.server';
import { contentImageSchema } from './images';

export const contactSchema = z.object({
  meta: metaSchema,
  eyebrow: text(),
  heading: text(),
  lead: text(),
  responseTime: text(),
  hours: text(),
  meeting: text(),
  bookingCta: linkSchema,
  companyNote: text(),
  /** Shown beside the details until the contact form takes its place. */
  image: contentImageSchema,
  imageAlt: text(),
});
export type ContactContent = z.infer<typeof contactSchema>;

export function getContactContent(): ContactContent {
  return readContentJson('contact.json', contactSchema);
}
