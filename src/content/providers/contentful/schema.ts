import { z } from 'zod';

/**
 * Zod schemas of the Contentful Content Delivery API answers we read (docs/protocols.md §2).
 * The envelope is strict (it must be a collection); single entries and assets are parsed one by one
 * by the reshape functions so one malformed item is skipped instead of failing the whole answer.
 */

export const linkSchema = z.object({
  sys: z.object({ type: z.literal('Link'), linkType: z.string(), id: z.string().min(1) }),
});
export type ContentfulLink = z.infer<typeof linkSchema>;

const tagLinkSchema = z.object({ sys: z.object({ id: z.string().min(1) }).loose() }).loose();

export const entrySchema = z
  .object({
    metadata: z.object({ tags: z.array(tagLinkSchema).catch([]).default([]) }).loose().optional(),
    sys: z.object({ id: z.string().min(1), type: z.string().optional(), contentType: z.object({ sys: z.object({ id: z.string() }).loose() }).loose().optional() }).loose(),
    fields: z.record(z.string(), z.unknown()).default({}),
  })
  .loose();
export type ContentfulEntry = z.infer<typeof entrySchema>;

export const assetSchema = z
  .object({
    metadata: z.object({ tags: z.array(tagLinkSchema).catch([]).default([]) }).loose().optional(),
    sys: z.object({ id: z.string().min(1) }).loose(),
    fields: z
      .object({
        title: z.string().optional().catch(undefined),
        description: z.string().optional().catch(undefined),
        file: z
          .object({
            url: z.string().min(1),
            contentType: z.string().optional(),
            details: z.object({ image: z.object({ width: z.number().positive(), height: z.number().positive() }).optional() }).loose().optional(),
          })
          .loose(),
      })
      .loose(),
  })
  .loose();
export type ContentfulAsset = z.infer<typeof assetSchema>;

export const collectionSchema = z
  .object({
    sys: z.object({ type: z.literal('Array') }).loose(),
    total: z.number().optional(),
    skip: z.number().optional(),
    limit: z.number().optional(),
    items: z.array(z.unknown()),
    includes: z.object({ Entry: z.array(z.unknown()).optional(), Asset: z.array(z.unknown()).optional() }).loose().optional(),
    errors: z
      .array(z.object({ sys: z.object({ id: z.string() }).loose(), details: z.object({ type: z.string().optional(), linkType: z.string().optional(), id: z.string().optional() }).loose().optional() }).loose())
      .optional(),
  })
  .loose();
export type ContentfulCollection = z.infer<typeof collectionSchema>;

/** Rich Text documents (a story or blog body may be Rich Text instead of Markdown). */
export interface RichTextNode {
  nodeType: string;
  value?: string;
  content?: RichTextNode[];
  data?: Record<string, unknown>;
  marks?: { type: string }[];
}
export const richTextSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .object({
      nodeType: z.string(),
      value: z.string().optional(),
      content: z.array(richTextSchema).optional(),
      data: z.record(z.string(), z.unknown()).optional(),
      marks: z.array(z.object({ type: z.string() }).loose()).optional(),
    })
    .loose(),
);

const optionalText = z.string().optional().catch(undefined);

export const weddingFieldsSchema = z
  .object({
    couple: optionalText,
    date: optionalText,
    location: optionalText,
    shortDescription: optionalText,
    slug: optionalText,
    year: z.union([z.number(), z.string()]).optional().catch(undefined),
    favorite: z.boolean().optional().catch(undefined),
    coverImage: z.unknown().optional(),
    story: z.union([z.string(), richTextSchema]).optional().catch(undefined),
    wedding_images: z.array(z.unknown()).optional().catch(undefined),
    /** Alternative field name some spaces use. */
    images: z.array(z.unknown()).optional().catch(undefined),
  })
  .loose();

export const blogPostFieldsSchema = z
  .object({
    title: z.string().min(1),
    slug: z.string().min(1),
    date: optionalText,
    publishDate: optionalText,
    excerpt: optionalText,
    body: z.union([z.string(), richTextSchema]).optional().catch(undefined),
    coverImage: z.unknown().optional(),
    relatedWeddings: z.array(z.unknown()).optional().catch(undefined),
  })
  .loose();

export const categoryFieldsSchema = z.object({ name: z.string().min(1), slug: z.string().min(1) }).loose();

export const errorBodySchema = z.object({ sys: z.object({ type: z.literal('Error'), id: z.string() }).loose(), message: z.string().optional(), requestId: z.string().optional() }).loose();
