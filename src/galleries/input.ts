import { z } from 'zod';

/** The admin API's bodies (zod, Czech messages). */

const email = z.string().trim().max(254).email('Zadejte prosím platný e-mail páru.');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum zadejte ve tvaru RRRR-MM-DD.');
const dateTime = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'Datum vypršení zadejte jako datum (RRRR-MM-DD) nebo datum a čas ISO 8601.')
  .transform((s) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T23:59:59Z` : s));
const title = z.string().trim().min(1, 'Vyplňte prosím název galerie.').max(200, 'Název galerie může mít nejvýš 200 znaků.');
const code = z
  .string()
  .trim()
  .min(6, 'Kód musí mít aspoň 6 znaků.')
  .max(40, 'Kód může mít nejvýš 40 znaků.')
  .regex(/^[A-Za-z0-9-]+$/, 'Kód smí obsahovat jen písmena bez diakritiky, číslice a pomlčky.');

export const galleryCreateSchema = z
  .object({
    title,
    date: isoDate.nullish(),
    coupleEmail: email.nullish(),
    inquiryId: z.number().int('Číslo poptávky musí být celé číslo.').positive('Číslo poptávky musí být kladné.').nullish(),
    expiresAt: dateTime.nullish(),
    selectionLimit: z.number().int().min(1, 'Limit výběru musí být aspoň 1.').max(5000).nullish(),
  })
  .strict();
export type GalleryCreate = z.infer<typeof galleryCreateSchema>;

export const galleryPatchSchema = z
  .object({
    title: title.optional(),
    date: isoDate.nullable().optional(),
    coupleEmail: email.nullable().optional(),
    inquiryId: z.number().int().positive().nullable().optional(),
    guestCode: code.nullable().optional(),
    published: z.boolean().optional(),
    expiresAt: dateTime.nullable().optional(),
    downloads: z.enum(['none', 'web', 'original'], { message: 'Stahování: zvolte „none“, „web“ nebo „original“.' }).optional(),
    zip: z.boolean().optional(),
    downloadPin: z
      .string()
      .trim()
      .regex(/^\d{4,8}$/, 'PIN pro stahování musí mít 4 až 8 číslic.')
      .nullable()
      .optional(),
    selectionLimit: z.number().int().min(1, 'Limit výběru musí být aspoň 1.').max(5000).nullable().optional(),
    coverPhotoId: z.string().uuid('Neplatná titulní fotografie.').nullable().optional(),
  })
  .strict();
export type GalleryPatchInput = z.infer<typeof galleryPatchSchema>;

export const setCreateSchema = z.object({ title: z.string().trim().min(1, 'Vyplňte prosím název sady.').max(120, 'Název sady může mít nejvýš 120 znaků.') }).strict();
export const setPatchSchema = z
  .object({
    title: z.string().trim().min(1, 'Vyplňte prosím název sady.').max(120).optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();

export const photoPatchSchema = z
  .object({
    setId: z.string().uuid('Neplatná sada.').nullable().optional(),
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();

export const reorderSchema = z.object({ order: z.array(z.string().uuid()).max(5000) }).strict();
export const retrySchema = z.object({ photoIds: z.array(z.string().uuid()).max(5000).optional() }).strict();

export const portfolioPickSchema = z
  .object({
    weddingId: z.string({ message: 'Zvolte prosím svatbu na webu.' }).uuid('Zvolte prosím svatbu na webu.'),
    photoIds: z
      .array(z.string().uuid('Neplatná fotografie.'), { message: 'Vyberte prosím fotografie.' })
      .min(1, 'Vyberte prosím aspoň jednu fotografii.')
      .max(500, 'Najednou lze přidat nejvýš 500 fotografií.'),
    alt: z.string().trim().max(300, 'Popis může mít nejvýš 300 znaků.').optional(),
    /** She has the couple's consent another way (e.g. in the contract) although the gallery shows none. */
    withoutConsent: z.boolean().optional(),
  })
  .strict();
export type PortfolioPickInput = z.infer<typeof portfolioPickSchema>;
