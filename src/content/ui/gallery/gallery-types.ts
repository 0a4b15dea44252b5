import type { SizeHint } from '@/content/types';
import type { CompactImgProps } from './compact-img';

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
  /** <img> attributes with the Czech alt text and the blur placeholder (in `style`, once per photo), the srcset in
   * its compact form (./compact-img.ts). */
  thumb: CompactImgProps;
}

/** A page of the gallery (of all photos or of one category), as the JSON route answers it. */
export interface GallerySlice {
  page: number;
  pages: number;
  items: GalleryItem[];
}

/*
 * The browser checks the route's answer before rendering it. Not with zod: even zod's small build adds ≈ 12 KB
 * (gzip) to the wedding page's JavaScript, more than the whole gallery component. The route itself builds the answer
 * from the typed content model (and parses its query with zod); this guard makes sure that what arrived has the
 * shape the mosaic renders, and anything else is reported as a failed load.
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const optional = (v: unknown, type: 'string' | 'number') => v === undefined || typeof v === type;
const oneOf = (v: unknown, values: readonly string[]) => v === undefined || (typeof v === 'string' && values.includes(v));

function isCompactSrc(v: unknown): boolean {
  return isObject(v) && typeof v.t === 'string' && Array.isArray(v.ws) && v.ws.length > 0 && v.ws.every(isNat);
}

function isImg(v: unknown): v is CompactImgProps {
  return (
    isObject(v) &&
    (isCompactSrc(v.c) || (typeof v.src === 'string' && optional(v.srcSet, 'string'))) &&
    typeof v.alt === 'string' &&
    optional(v.sizes, 'string') &&
    optional(v.width, 'number') &&
    optional(v.height, 'number') &&
    oneOf(v.loading, ['lazy', 'eager']) &&
    oneOf(v.decoding, ['async', 'sync', 'auto']) &&
    oneOf(v.fetchPriority, ['high', 'low', 'auto']) &&
    isObject(v.style) &&
    Object.values(v.style).every((x) => typeof x === 'string' || typeof x === 'number')
  );
}

function isItem(v: unknown): v is GalleryItem {
  return isObject(v) && isNat(v.n) && typeof v.id === 'string' && (v.sizeHint === 'small' || v.sizeHint === 'medium' || v.sizeHint === 'large') && isImg(v.thumb);
}

export function isGallerySlice(v: unknown): v is GallerySlice {
  return isObject(v) && isNat(v.page) && isNat(v.pages) && Array.isArray(v.items) && v.items.every(isItem);
}

/** The Czech message of the route's error body `{ error: { status, name, message } }`, if there is one. */
export function galleryErrorMessage(v: unknown): string | null {
  return isObject(v) && isObject(v.error) && typeof v.error.message === 'string' ? v.error.message : null;
}
