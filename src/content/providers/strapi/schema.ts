import { z } from 'zod';

/**
 * Zod schemas of Strapi REST answers (docs/protocols.md §1 "Content"):
 * v4 `{ data: [{ id, attributes }], meta }`, v5 `{ data: [{ id, documentId, ...fields }], meta }`,
 * v3 a bare array (or object). Media/relations: v4 `{ data: {id, attributes} | [...] | null }`, v5/v3 plain.
 * `unwrap()` turns every v4 wrapper into the flat v5 form, so reshaping is written once.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Flat = Record<string, unknown>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{id, attributes:{…}}` → `{id, …}`; `{data: X}` (relation/media wrapper) → unwrap(X); recursive. */
export function unwrap(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrap);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.includes('data') && keys.every((k) => k === 'data' || k === 'meta')) return unwrap(value.data);
  if (isRecord(value.attributes) && keys.every((k) => k === 'id' || k === 'attributes' || k === 'meta')) {
    const flat: Flat = { id: value.id };
    for (const [k, v] of Object.entries(value.attributes)) flat[k] = unwrap(v);
    return flat;
  }
  const out: Flat = {};
  for (const [k, v] of Object.entries(value)) out[k] = unwrap(v);
  return out;
}

const id = z.union([z.number(), z.string().min(1)]);

/** v4/v5 collection envelope. */
export const collectionEnvelopeSchema = z.object({ data: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown()), z.null()]) }).loose();

/** v3: bare array (collection) or single object. */
export const v3CollectionSchema = z.array(z.unknown());

export const mediaSchema = z
  .object({
    id: id.optional(),
    documentId: z.string().optional(),
    url: z.string().min(1),
    width: z.number().positive().nullable().optional(),
    height: z.number().positive().nullable().optional(),
    alternativeText: z.string().nullable().optional(),
    caption: z.string().nullable().optional(),
    mime: z.string().nullable().optional(),
    formats: z.record(z.string(), z.object({ url: z.string(), width: z.number().optional(), height: z.number().optional() }).loose()).nullable().optional(),
  })
  .loose();
export type StrapiMedia = z.infer<typeof mediaSchema>;

const optionalText = z.string().nullable().optional().catch(undefined);

export const weddingSchema = z
  .object({
    id: id.optional(),
    _id: z.string().optional(),
    documentId: z.string().optional(),
    couple: optionalText,
    date: optionalText,
    location: optionalText,
    shortDescription: optionalText,
    short_description: optionalText,
    slug: optionalText,
    year: z.union([z.number(), z.string()]).nullable().optional().catch(undefined),
    favorite: z.boolean().nullable().optional().catch(undefined),
    coverImage: z.unknown().optional(),
    cover_image: z.unknown().optional(),
    story: z.unknown().optional(),
    wedding_images: z.unknown().optional(),
    images: z.unknown().optional(),
    gallery: z.unknown().optional(),
  })
  .loose();
export type StrapiWedding = z.infer<typeof weddingSchema>;

export const categorySchema = z.object({ id: id.optional(), documentId: z.string().optional(), name: z.string().min(1), slug: z.string().min(1) }).loose();

export const blogPostSchema = z
  .object({
    id: id.optional(),
    documentId: z.string().optional(),
    title: z.string().min(1),
    slug: z.string().min(1),
    date: optionalText,
    publishedAt: optionalText,
    published_at: optionalText,
    excerpt: optionalText,
    body: z.unknown().optional(),
    content: z.unknown().optional(),
    coverImage: z.unknown().optional(),
    cover_image: z.unknown().optional(),
    relatedWeddings: z.unknown().optional(),
    related_weddings: z.unknown().optional(),
  })
  .loose();
