import { z } from 'zod';
import { readContentJson, linkSchema, metaSchema, slugId, text } from '@/site/public.server';

export const servicesSchema = z.object({
  meta: metaSchema,
  eyebrow: text(),
  heading: text(),
  lead: text(),
  services: z.array(z.object({ id: slugId(), title: text(), text: text(), points: z.array(text()), link: linkSchema })).min(1),
  process: z.object({ heading: text(), steps: z.array(z.object({ title: text(), text: text() })).min(1) }),
});
export type ServicesContent = z.infer<typeof servicesSchema>;

export function getServices(): ServicesContent {
  return readContentJson('services.json', servicesSchema);
}
