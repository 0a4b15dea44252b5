import { z } from 'zod';
import { readContentJson } from './files';

/** content/testimonials.json: what couples wrote after their wedding (editable without touching code). */
export const testimonialSchema = z.object({
  couple: z.string().min(1).max(80),
  /** Links the quote to the wedding's page; must look like a wedding slug. */
  weddingSlug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'weddingSlug musí být slug svatby (malá písmena, číslice, pomlčky)')
    .optional(),
  quote: z.string().min(20).max(1200),
  location: z.string().max(120).optional(),
});
export const testimonialsFileSchema = z.object({ testimonials: z.array(testimonialSchema).min(1) });

export type Testimonial = z.infer<typeof testimonialSchema>;

export function getTestimonials(): Testimonial[] {
  return readContentJson('testimonials.json', testimonialsFileSchema).testimonials;
}
