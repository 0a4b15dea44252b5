import { wrapMark } from '../../markdown-marks';
import { normalizeWedding, normalizeWeddingDetail, type RawWeddingDetail } from '../../normalize';
import { placeholderBlurDataURL } from '../../placeholder-art';
import { sizeHintFor } from '../../placeholders';
import { readingMinutes } from '../../reading-time';
import type { BlogPost, Category, Image, Wedding, WeddingDetail } from '../../types';
import { isoDayOf } from '@/platform/dates';
import {
  assetSchema,
  blogPostFieldsSchema,
  categoryFieldsSchema,
  entrySchema,
  linkSchema,
  richTextSchema,
  weddingFieldsSchema,
  type ContentfulAsset,
  type ContentfulCollection,
  type ContentfulEntry,
  type RichTextNode,
} from './schema';

/**
 * Contentful JSON → domain types. Nothing outside this provider sees Contentful's shapes.
 * Links resolve through `includes.Asset` / `includes.Entry` (or the items themselves); a link that cannot
 * be resolved (missing, malformed, or named in `errors[]`) is skipped, never fatal.
 */

export interface LinkContext {
  entries: Map<string, ContentfulEntry>;
  assets: Map<string, ContentfulAsset>;
  /** Categories known from elsewhere (a `content_type=category` call), by entry id. */
  categories: Map<string, Category>;
  /** Final delivery URL of an absolute asset URL (assets on the CDA's own origin go through the site). */
  deliver?: (absoluteUrl: string) => string;
}

export function parseItems(raw: unknown[]): ContentfulEntry[] {
  const out: ContentfulEntry[] = [];
  for (const item of raw) {
    const parsed = entrySchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export function linkContext(collection: ContentfulCollection, items: ContentfulEntry[], categories: Map<string, Category> = new Map()): LinkContext {
  const entries = new Map<string, ContentfulEntry>();
  for (const e of [...parseItems(collection.includes?.Entry ?? []), ...items]) entries.set(e.sys.id, e);
  const assets = new Map<string, ContentfulAsset>();
  for (const raw of collection.includes?.Asset ?? []) {
    const parsed = assetSchema.safeParse(raw);
    if (parsed.success) assets.set(parsed.data.sys.id, parsed.data);
  }
  // Links Contentful itself reports as unresolvable are dropped even if an object with that id slipped in.
  for (const err of collection.errors ?? []) {
    const id = err.details?.id;
    if (!id) continue;
    if (err.details?.linkType === 'Asset') assets.delete(id);
    else if (err.details?.linkType === 'Entry') entries.delete(id);
  }
  return { entries, assets, categories };
}

function linkTarget(value: unknown, linkType: 'Asset' | 'Entry'): string | null {
  const parsed = linkSchema.safeParse(value);
  if (!parsed.success || parsed.data.sys.linkType !== linkType) return null;
  return parsed.data.sys.id;
}

export function resolveAsset(value: unknown, ctx: LinkContext): ContentfulAsset | null {
  const id = linkTarget(value, 'Asset');
  return id ? (ctx.assets.get(id) ?? null) : null;
}

export function resolveEntry(value: unknown, ctx: LinkContext): ContentfulEntry | null {
  const id = linkTarget(value, 'Entry');
  return id ? (ctx.entries.get(id) ?? null) : null;
}

/** "//images.ctfassets.net/…" → "https://images.ctfassets.net/…" */
export function absoluteUrl(url: string): string {
  return url.startsWith('//') ? `https:${url}` : url;
}

const CATEGORY_TAG = 'category-';

export function reshapeCategory(entry: ContentfulEntry, id: string): Category | null {
  const fields = categoryFieldsSchema.safeParse(entry.fields);
  return fields.success ? { id, name: fields.data.name, slug: fields.data.slug } : null;
}

/** Category from the asset's first tag `category-<entryId>` → that entry's name and slug. */
export function assetCategory(asset: ContentfulAsset, ctx: LinkContext): Category | undefined {
  for (const tag of asset.metadata?.tags ?? []) {
    const tagId = tag.sys.id;
    if (!tagId.startsWith(CATEGORY_TAG)) continue;
    const entryId = tagId.slice(CATEGORY_TAG.length);
    const entry = ctx.entries.get(entryId);
    const category = entry ? reshapeCategory(entry, tagId) : null;
    if (category) return category;
    const known = ctx.categories.get(entryId);
    if (known) return known;
  }
  return undefined;
}

/** An image asset in domain shape; null for non-images or assets without a file/size. */
export function reshapeImage(asset: ContentfulAsset, index: number, ctx: LinkContext): Image | null {
  const file = asset.fields.file;
  const size = file.details?.image;
  if (!size || (file.contentType && !file.contentType.startsWith('image/'))) return null;
  const width = Math.round(size.width);
  const height = Math.round(size.height);
  const image: Image = {
    id: asset.sys.id,
    url: ctx.deliver ? ctx.deliver(absoluteUrl(file.url)) : absoluteUrl(file.url),
    width,
    height,
    alternativeText: asset.fields.description?.trim() ?? '',
    sizeHint: sizeHintFor(index),
    // No pixels of the real image are known here; a soft tone keeps the space from flashing white.
    blurDataURL: placeholderBlurDataURL(`ctf-${asset.sys.id.toLowerCase().replace(/[^a-z0-9-]/g, '')}`, width, height),
  };
  const category = assetCategory(asset, ctx);
  if (category) image.category = category;
  return image;
}

/** Rich Text → Markdown (paragraphs, headings, lists, quotes, links, bold/italic). */
export function richTextToMarkdown(node: RichTextNode): string {
  const inner = (n: RichTextNode, sep = '') => (n.content ?? []).map(richTextToMarkdown).join(sep);
  switch (node.nodeType) {
    case 'document':
      return inner(node, '\n\n').trim();
    case 'text': {
      let v = node.value ?? '';
      const marks = new Set((node.marks ?? []).map((m) => m.type));
      if (marks.has('bold')) v = wrapMark(v, '**');
      if (marks.has('italic')) v = wrapMark(v, '*');
      return v;
    }
    case 'paragraph':
      return inner(node);
    case 'hyperlink':
      return `[${inner(node)}](${typeof node.data?.uri === 'string' ? node.data.uri : '#'})`;
    case 'blockquote':
      return inner(node, '\n\n').split('\n').map((l) => `> ${l}`).join('\n');
    case 'unordered-list':
      return (node.content ?? []).map((li) => `- ${inner(li, ' ')}`).join('\n');
    case 'ordered-list':
      return (node.content ?? []).map((li, i) => `${i + 1}. ${inner(li, ' ')}`).join('\n');
    case 'hr':
      return '---';
    default: {
      const heading = /^heading-([1-6])$/.exec(node.nodeType);
      if (heading) return `${'#'.repeat(Number(heading[1]))} ${inner(node)}`;
      return inner(node);
    }
  }
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const rich = richTextSchema.safeParse(value);
  return rich.success ? richTextToMarkdown(rich.data) : undefined;
}

function imagesOf(links: unknown[] | undefined, ctx: LinkContext): Image[] {
  const images: Image[] = [];
  for (const link of links ?? []) {
    const asset = resolveAsset(link, ctx);
    if (!asset) continue;
    const image = reshapeImage(asset, images.length, ctx);
    if (image) images.push(image);
  }
  return images;
}

function rawWedding(entry: ContentfulEntry, ctx: LinkContext, withImages: boolean): RawWeddingDetail {
  const f = weddingFieldsSchema.parse(entry.fields);
  const coverAsset = resolveAsset(f.coverImage, ctx);
  const cover = coverAsset ? reshapeImage(coverAsset, 0, ctx) : null;
  const images = withImages ? imagesOf(f.wedding_images ?? f.images, ctx) : [];
  return {
    id: entry.sys.id,
    couple: f.couple,
    date: f.date,
    location: f.location,
    shortDescription: f.shortDescription,
    slug: f.slug,
    year: f.year,
    favorite: f.favorite,
    coverImage: cover ?? images[0] ?? null,
    story: textOf(f.story),
    wedding_images: images,
  };
}

export function reshapeWedding(entry: ContentfulEntry, ctx: LinkContext): Wedding {
  const raw = rawWedding(entry, ctx, false);
  if (!raw.coverImage) {
    // The list call (include=1) also carries the gallery links: the first image is a good cover.
    const f = weddingFieldsSchema.parse(entry.fields);
    raw.coverImage = imagesOf(f.wedding_images ?? f.images, ctx)[0] ?? null;
  }
  return normalizeWedding(raw);
}

export function reshapeWeddingDetail(entry: ContentfulEntry, ctx: LinkContext): WeddingDetail {
  return normalizeWeddingDetail(rawWedding(entry, ctx, true));
}

export function isContentType(entry: ContentfulEntry, id: string): boolean {
  const ct = entry.sys.contentType?.sys.id;
  return ct === undefined || ct === id;
}

export function reshapeBlogPost(entry: ContentfulEntry, ctx: LinkContext): BlogPost | null {
  const parsed = blogPostFieldsSchema.safeParse(entry.fields);
  if (!parsed.success) return null;
  const f = parsed.data;
  const body = (textOf(f.body) ?? '').trim();
  const coverAsset = resolveAsset(f.coverImage, ctx);
  const cover = coverAsset ? reshapeImage(coverAsset, 0, ctx) : null;
  const related: string[] = [];
  for (const value of f.relatedWeddings ?? []) {
    if (typeof value === 'string') related.push(value);
    else {
      const wedding = resolveEntry(value, ctx);
      const slug = wedding ? weddingFieldsSchema.parse(wedding.fields).slug : undefined;
      if (slug) related.push(slug);
    }
  }
  const createdAt = typeof entry.sys.createdAt === 'string' ? entry.sys.createdAt : '';
  const date = f.date ?? f.publishDate ?? createdAt;
  const post: BlogPost = {
    slug: f.slug,
    title: f.title,
    excerpt: f.excerpt?.trim() ?? '',
    date: isoDayOf(date) ?? '',
    body,
    relatedWeddings: related,
    readingMinutes: readingMinutes(body),
  };
  if (cover) post.coverImage = { ...cover, sizeHint: 'large' };
  return post;
}
