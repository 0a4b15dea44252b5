import { z } from 'zod';
import { readContentJson } from './files';
import { isValidIco } from './ico';

/** A Czech IBAN: CZ, two check digits (ISO 13616 mod 97), bank code (4), prefix (6) and account number (10). */
export function isValidCzechIban(iban: string): boolean {
  if (!/^CZ\d{22}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}1235${iban.slice(2, 4)}`;
  let rest = 0;
  for (const digit of rearranged) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** The Czech account `prefix-number/bank` for an IBAN (for people; QR Platba uses the IBAN). */
export function ibanToCzechAccount(iban: string): string {
  const bank = iban.slice(4, 8);
  const prefix = iban.slice(8, 14).replace(/^0+/, '');
  const number = iban.slice(14).replace(/^0+/, '');
  return `${prefix ? `${prefix}-` : ''}${number}/${bank}`;
}

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
    /** The account deposits and invoices are paid to (QR Platba needs the IBAN; people read the Czech form). */
    iban: z.string().refine(isValidCzechIban, { message: 'IBAN musí být platný český IBAN (CZ, 2 kontrolní číslice, 20 číslic)' }),
    /** The same account in the Czech form `předčíslí-číslo/kód banky`, e.g. `123456789/0800`. */
    bankAccount: z.string().regex(/^(\d{1,6}-)?\d{2,10}\/\d{4}$/, { message: 'Číslo účtu má tvar 123456789/0800 (případně s předčíslím 19-123456789/0800)' }),
    /** Put before the yearly invoice number (`2027-0001`); may be empty. */
    invoicePrefix: z.string().regex(/^[A-Za-z0-9-]{0,10}$/, { message: 'Předpona faktur smí mít nejvýše 10 písmen, číslic nebo pomlček' }),
    /** The trade licensing office that keeps the photographer's entry in the trade register. */
    tradeLicenceOffice: z.string().min(1),
    areaServed: z.array(z.string()),
    social: z.array(z.object({ label: z.string(), url: z.url() })),
    /** Where new inquiries are announced; unset or null: PHOTOGRAPHER_EMAIL, else the first admin's e-mail. */
    notifyEmail: z.email().nullable().optional(),
  })
    .superRefine((p, ctx) => {
      if (isValidCzechIban(p.iban) && ibanToCzechAccount(p.iban) !== p.bankAccount.replace(/^0+-/, '')) {
        ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: `Číslo účtu nesouhlasí s IBAN (${ibanToCzechAccount(p.iban)})` });
      }
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

/** The site's own sender when MAIL_FROM is unset: `"Her Brand" <her@e-mail.cz>` (quotes and brackets removed from the name). */
export function siteSender(): string {
  const p = getSiteInfo().photographer;
  const name = p.brand.replace(/["\\<>\r\n]/g, '').trim();
  return name ? `"${name}" <${p.email}>` : p.email;
}
