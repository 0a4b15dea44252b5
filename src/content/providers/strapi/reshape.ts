import { wrapMark } from '../../markdown-marks';
import { normalizeWedding, normalizeWeddingDetail, slugify, type RawWeddingDetail } from '../../normalize';
import { placeholderBlurDataURL } from '../../placeholder-art';
import { SAMPLE_CATEGORIES, sizeHintFor } from '../../placeholders';
import { readingMinutes } from '../../reading-time';
import type { BlogPost, Category, Image, Wedding, WeddingDetail } from '../../types';
import { blogPostSchema, categorySchema, mediaSchema, unwrap, weddingSchema, type StrapiMedia, type StrapiWedding } from './schema';
import { isoDayOf } from '@/platform/dates';

/**
 * Strapi JSON (v3/v4/v5) → domain types. Input is first flattened with `unwrap()` (v4 → v5 shape).
 * Relative media URLs (`/uploads/…`) are joined to the server URL — never to the `/api` prefix.
 */

export interface ReshapeContext {
  /** STRAPI_URL, e.g. http://localhost:1337 */
  serverUrl: string;
  /** Categories from the `categories` collection, if fetched; the sample categories otherwise. */
  categories?: Category[];
  /** Final delivery URL of an absolute media URL (the provider routes its own server's files via the site). */
  deliver?: (absoluteUrl: string) => string;
}

/** "/uploads/a.jpg" → "http://localhost:1337/uploads/a.jpg"; "//cdn/x" → "https://cdn/x"; absolute kept. */
export function mediaUrl(url: string, serverUrl: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (/^https?:\/\//i.test(url)) return url;
  return `${serverUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

function asList(value: unknown): unknown[] {
  const v = unwrap(value);
  if (Array.isArray(v)) return v;
  return v === null || v === undefined ? [] : [v];
}

function fold(s: string): string {
  return slugify(s);
}

/**
 * Category of a media file: its caption names a category, as `category-<slug>`, a slug or a name
 * ("Obřad", "obrad"). Strapi's media library has no tags, so the caption carries it.
 */
export function mediaCategory(media: StrapiMedia, categories: Category[]): Category | undefined {
  const caption = media.caption?.trim();
  if (!caption) return undefined;
  const key = fold(caption.startsWith('category-') ? caption.slice('category-'.length) : caption);
  return categories.find((c) => fold(c.slug) === key || fold(c.name) === key);
}

export function reshapeMedia(value: unknown, index: number, ctx: ReshapeContext): Image | null {
  const parsed = mediaSchema.safeParse(value);
  if (!parsed.success) return null;
  const m = parsed.data;
  if (m.mime && !m.mime.startsWith('image/')) return null;
  if (!m.width || !m.height) return null;
  const absolute = mediaUrl(m.url, ctx.serverUrl);
  const id = String(m.documentId ?? m.id ?? absolute);
  const width = Math.round(m.width);
  const height = Math.round(m.height);
  const image: Image = {
    id,
    url: ctx.deliver ? ctx.deliver(absolute) : absolute,
    width,
    height,
    alternativeText: m.alternativeText?.trim() ?? '',
    sizeHint: sizeHintFor(index),
    blurDataURL: placeholderBlurDataURL(`strapi-${fold(id) || 'x'}`, width, height),
  };
  const category = mediaCategory(m, ctx.categories ?? [...SAMPLE_CATEGORIES]);
  if (category) image.category = category;
  return image;
}

function mediaList(value: unknown, ctx: ReshapeContext): Image[] {
  const images: Image[] = [];
  for (const item of asList(value)) {
    // A gallery component may wrap the file: { image: <media>, … }.
    const media = item && typeof item === 'object' && 'image' in item && !('url' in item) ? asList((item as { image: unknown }).image)[0] : item;
    const image = reshapeMedia(media, images.length, ctx);
    if (image) images.push(image);
  }
  return images;
}

interface Block {
  type?: string;
  level?: number;
  format?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  children?: Block[];
}

/** Strapi v5 "blocks" rich text → Markdown; plain strings (Markdown / richtext fields) pass through. */
export function richText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  const inline = (nodes: Block[] | undefined): string =>
    (nodes ?? [])
      .map((n) => {
        if (n.type === 'link') return `[${inline(n.children)}](${n.url ?? '#'})`;
        let t = typeof n.text === 'string' ? n.text : inline(n.children);
        if (n.bold) t = wrapMark(t, '**');
        if (n.italic) t = wrapMark(t, '*');
        return t;
      })
      .join('');
  return (value as Block[])
    .map((b) => {
      switch (b.type) {
        case 'heading':
          return `${'#'.repeat(Math.min(6, Math.max(1, b.level ?? 2)))} ${inline(b.children)}`;
        case 'list':
          return (b.children ?? []).map((li, i) => `${b.format === 'ordered' ? `${i + 1}.` : '-'} ${inline(li.children)}`).join('\n');
        case 'quote':
          return `> ${inline(b.children)}`;
        default:
          return inline(b.children);
      }
    })
    .filter(Boolean)
    .join('\n\n');
}

/** The id pages use for /weddings/id/{id}: v5 documentId, else id (v3 Mongo: _id). */
export function weddingId(w: StrapiWedding): string | undefined {
  const v = w.documentId ?? w.id ?? w._id;
  return v === undefined ? undefined : String(v);
}

function rawWedding(value: unknown, ctx: ReshapeContext, withImages: boolean): RawWeddingDetail | null {
  const parsed = weddingSchema.safeParse(unwrap(value));
  if (!parsed.success) return null;
  const w = parsed.data;
  const images = mediaList(w.wedding_images ?? w.images ?? w.gallery, ctx);
  const cover = asList(w.coverImage ?? w.cover_image)[0];
  const coverImage = cover ? reshapeMedia(cover, 0, ctx) : null;
  return {
    id: weddingId(w),
    couple: w.couple,
    date: w.date,
    location: w.location,
    shortDescription: w.shortDescription ?? w.short_description,
    slug: w.slug,
    year: w.year,
    favorite: w.favorite,
    coverImage: coverImage ?? images[0] ?? null,
    story: richText(w.story),
    wedding_images: withImages ? images : [],
  };
}

export function reshapeWedding(value: unknown, ctx: ReshapeContext): Wedding | null {
  const raw = rawWedding(value, ctx, false);
  return raw ? normalizeWedding(raw) : null;
}

export function reshapeWeddingDetail(value: unknown, ctx: ReshapeContext): WeddingDetail | null {
  const raw = rawWedding(value, ctx, true);
  return raw ? normalizeWeddingDetail(raw) : null;
}

export function reshapeCategory(value: unknown): Category | null {
  const parsed = categorySchema.safeParse(unwrap(value));
  if (!parsed.success) return null;
  return { id: `category-${parsed.data.slug}`, name: parsed.data.name, slug: parsed.data.slug };
}

export function reshapeBlogPost(value: unknown, ctx: ReshapeContext): BlogPost | null {
  const parsed = blogPostSchema.safeParse(unwrap(value));
  if (!parsed.success) return null;
  const p = parsed.data;
  const body = richText(p.body ?? p.content).trim();
  const date = p.date ?? p.publishedAt ?? p.published_at ?? '';
  const related = asList(p.relatedWeddings ?? p.related_weddings)
    .map((r) => (typeof r === 'string' ? r : weddingSchema.safeParse(r).data?.slug))
    .filter((s): s is string => typeof s === 'string' && s.length > 0);
  const cover = asList(p.coverImage ?? p.cover_image)[0];
  const coverImage = cover ? reshapeMedia(cover, 0, ctx) : null;
  const post: BlogPost = {
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt?.trim() ?? '',
    date: isoDayOf(date) ?? '',
    body,
    relatedWeddings: related,
    readingMinutes: readingMinutes(body),
  };
  if (coverImage) post.coverImage = { ...coverImage, sizeHint: 'large' };
  return post;
}
