import * as z from 'zod/mini';
import type { SizeHint } from '@/content/types';
import type { PhotoImgProps } from './photo-props';

/**
 * One photo of the mosaic as the browser receives it: in the page's first render (the first page) and from
 * GET /api/weddings/{slug}/fotografie (the further pages). The thumbnail's attributes are computed on the server
 * (./gallery-items.server.ts); the browser never runs next/image's srcset code.
 */
export interface GalleryItem {
  /** Position in the whole gallery (0-based), whatever the category filter. */
  n: number;
  id: string;
  sizeHint: SizeHint;
  /** <img> attributes with the Czech alt text and the blur placeholder (in `style`, once per photo). */
  thumb: PhotoImgProps;
}

/** A page of the gallery (of all photos or of one category), as the JSON route answers it. */
export interface GallerySlice {
  page: number;
  pages: number;
  items: GalleryItem[];
}

const imgSchema = z.object({
  src: z.string(),
  srcSet: z.optional(z.string()),
  sizes: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  alt: z.string(),
  loading: z.optional(z.enum(['lazy', 'eager'])),
  decoding: z.optional(z.enum(['async', 'sync', 'auto'])),
  fetchPriority: z.optional(z.enum(['high', 'low', 'auto'])),
  style: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** The browser checks the route's answer before rendering it (zod's small build: this ships in the gallery chunk). */
export const gallerySliceSchema = z.object({
  page: z.number(),
  pages: z.number(),
  items: z.array(
    z.object({
      n: z.number().check(z.int(), z.nonnegative()),
      id: z.string(),
      sizeHint: z.enum(['small', 'medium', 'large']),
      thumb: imgSchema,
    }),
  ),
});

/** The route's error body: `{ error: { status, name, message } }` with a Czech message. */
export const galleryErrorSchema = z.object({ error: z.object({ message: z.string() }) });
