import { z } from 'zod';
import { SAMPLE_CATEGORIES } from '../placeholders';
import { ISO_DATE, isValidIsoDate } from '@/platform/dates';

/** Request bodies of the studio API (zod at the boundary; Czech messages). */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const trimmed = (max: number, label: string) =>
  z
    .string({ message: `${label}: očekáván text.` })
    .trim()
    .max(max, { message: `${label}: nejvýše ${max} znaků.` });

const required = (max: number, label: string) => trimmed(max, label).min(1, { message: `${label}: povinné pole.` });

const isoDate = z
  .string({ message: 'Datum: zadejte prosím platné datum, např. 12. 6. 2027.' })
  .regex(ISO_DATE, { message: 'Datum: zadejte prosím platné datum, např. 12. 6. 2027.' })
  .refine(isValidIsoDate, { message: 'Datum: takový den neexistuje.' });

const year = z.number({ message: 'Rok: očekáváno číslo.' }).int({ message: 'Rok: celé číslo.' }).min(1900, { message: 'Rok: nejméně 1900.' }).max(2200, { message: 'Rok: nejvýše 2200.' });

export const weddingCreateSchema = z
  .object({
    couple: required(120, 'Pár'),
    date: isoDate,
    location: required(160, 'Místo'),
    shortDescription: trimmed(400, 'Krátký popis').optional(),
    story: trimmed(20_000, 'Příběh').optional(),
    year: year.optional(),
    favorite: z.boolean({ message: 'Oblíbená: očekáváno ano/ne.' }).optional(),
    slug: trimmed(120, 'Adresa (slug)').regex(SLUG, { message: 'Adresa (slug): jen malá písmena bez diakritiky, číslice a pomlčky.' }).optional(),
  })
  .strict();

export const weddingPatchSchema = z
  .object({
    couple: required(120, 'Pár').optional(),
    date: isoDate.optional(),
    location: required(160, 'Místo').optional(),
    shortDescription: trimmed(400, 'Krátký popis').optional(),
    story: trimmed(20_000, 'Příběh').optional(),
    year: year.optional(),
    favorite: z.boolean({ message: 'Oblíbená: očekáváno ano/ne.' }).optional(),
    slug: trimmed(120, 'Adresa (slug)').regex(SLUG, { message: 'Adresa (slug): jen malá písmena bez diakritiky, číslice a pomlčky.' }).optional(),
    published: z.boolean({ message: 'Zveřejněno: očekáváno ano/ne.' }).optional(),
    coverPhotoId: z.string().uuid({ message: 'Titulní fotografie: neplatné id.' }).nullable().optional(),
    /** Every photo id of the wedding, in the new order. */
    photoOrder: z.array(z.string().uuid({ message: 'Pořadí fotografií: neplatné id.' })).max(2000).optional(),
  })
  .strict();

export const CATEGORY_SLUGS = SAMPLE_CATEGORIES.map((c) => c.slug) as [string, ...string[]];

export const photoPatchSchema = z
  .object({
    alt: trimmed(300, 'Popis fotografie (alt)').optional(),
    category: z.enum(CATEGORY_SLUGS, { message: `Kategorie: jedna z ${CATEGORY_SLUGS.join(', ')}.` }).nullable().optional(),
  })
  .strict();

const slugField = trimmed(120, 'Adresa (slug)').regex(SLUG, { message: 'Adresa (slug): jen malá písmena bez diakritiky, číslice a pomlčky.' });

/** A blog post of the studio (the body is Markdown, rendered by the site's one Markdown set-up). */
export const postCreateSchema = z
  .object({
    title: required(200, 'Název'),
    date: isoDate,
    excerpt: trimmed(600, 'Perex').optional(),
    body: trimmed(100_000, 'Text článku').optional(),
    slug: slugField.optional(),
    coverPhotoId: z.string().uuid({ message: 'Titulní fotografie: neplatné id.' }).nullable().optional(),
  })
  .strict();

export const postPatchSchema = z
  .object({
    title: required(200, 'Název').optional(),
    date: isoDate.optional(),
    excerpt: trimmed(600, 'Perex').optional(),
    body: trimmed(100_000, 'Text článku').optional(),
    slug: slugField.optional(),
    coverPhotoId: z.string().uuid({ message: 'Titulní fotografie: neplatné id.' }).nullable().optional(),
    published: z.boolean({ message: 'Zveřejněno: očekáváno ano/ne.' }).optional(),
  })
  .strict();

export type PostCreate = z.infer<typeof postCreateSchema>;
export type PostPatch = z.infer<typeof postPatchSchema>;

export type WeddingCreate = z.infer<typeof weddingCreateSchema>;
export type WeddingPatch = z.infer<typeof weddingPatchSchema>;
export type PhotoPatch = z.infer<typeof photoPatchSchema>;

/**
 * A file name as the browser sent it, reduced to its last path segment and stripped of control characters
 * (shown in the admin only; storage keys never contain it).
 */
export function safeFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '').trim().slice(0, 200);
  return clean || 'fotografie';
}
