import { z } from 'zod';
import { readContentJson } from './files';
import { isValidIco } from './ico';

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
    ico: z.string().refine(isValidIco, { message: 'IČO musí mít 8 číslic a platnou kontrolní číslici (modulo 11)' }),
    /** DIČ only for a VAT payer; null = "Neplátce DPH" everywhere. */
    dic: z
      .string()
      .regex(/^CZ\d{8,10}$/, { message: 'DIČ má tvar CZ a 8–10 číslic' })
      .nullable(),
    /** The trade licensing office that keeps the photographer's entry in the trade register. */
    tradeLicenceOffice: z.string().min(1),
    areaServed: z.array(z.string()),
    social: z.array(z.object({ label: z.string(), url: z.url() })),
    /** Where new inquiries are announced; unset or null: PHOTOGRAPHER_EMAIL, else the first admin's e-mail. */
    notifyEmail: z.email().nullable().optional(),
  }),
  navigation: z.array(z.object({ href: z.string(), label: z.string() })),
  cta: z.object({ href: z.string(), label: z.string() }),
});
export type SiteInfo = z.infer<typeof siteSchema>;

export function getSiteInfo(): SiteInfo {
  return readContentJson('site.json', siteSchema);
}

/** "Neplátce DPH" (the one wording used everywhere) or "DIČ CZ…" for a VAT payer. */
export function vatLabel(p: Pick<SiteInfo['photographer'], 'dic'>): string {
  return p.dic ? `DIČ ${p.dic}` : 'Neplátce DPH';
}
