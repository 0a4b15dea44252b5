/** Domain types of the content layer (docs/spec.md §3). Pages only ever see these, never vendor JSON. */

export type SizeHint = 'large' | 'medium' | 'small';

export interface Category {
  id: string;
  name: string;
  slug: string;
}

export interface Image {
  id: string;
  /** Absolute (https:) or site-relative URL. Protocol-relative URLs are given https: by the providers. */
  url: string;
  width: number;
  height: number;
  alternativeText: string;
  category?: Category;
  sizeHint: SizeHint;
  /** Tiny data: URL shown while the image loads. */
  blurDataURL?: string;
}

export interface Wedding {
  id: string;
  couple: string;
  /** ISO date (YYYY-MM-DD) or the fallback text when unknown. */
  date: string;
  location: string;
  shortDescription: string;
  slug: string;
  year: number;
  favorite: boolean;
  coverImage?: Image;
}

export interface WeddingDetail extends Wedding {
  story: string;
  wedding_images: Image[];
}

export interface BlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** ISO date. */
  date: string;
  /** Markdown source; rendered to HTML by the page. */
  body: string;
  coverImage?: Image;
  relatedWeddings: string[];
  readingMinutes: number;
}

export interface Page {
  slug: string;
  title: string;
  description: string;
  body: string;
}

export const FALLBACK_COUPLE = 'Unnamed Couple';
export const FALLBACK_DATE = 'Date not specified';
export const FALLBACK_LOCATION = 'Location not specified';

/**
 * What the site reads from a content source (local, contentful, strapi): one implementation per source, each wrapped
 * by `withStaleIfError` (src/content/providers/stale-if-error.ts), which adds the rules of docs/spec.md §4.
 */
export interface ContentProvider {
  readonly name: 'local' | 'contentful' | 'strapi';
  /**
   * Never throws. A failing source serves its last good list; the sample weddings only when it never answered with
   * weddings (a cold start during an outage) or has none.
   */
  getWeddings(): Promise<Wedding[]>;
  /**
   * null when the slug is unknown. A failing source serves the last good detail; the sample wedding with that slug
   * only while the source has no weddings or never answered. Throws only if the fallback itself fails.
   */
  getWedding(slug: string): Promise<WeddingDetail | null>;
  getWeddingById(id: string): Promise<WeddingDetail | null>;
  getBlogPosts(): Promise<BlogPost[]>;
  getBlogPost(slug: string): Promise<BlogPost | null>;
  /** Photo categories known to the source (the seven sample categories when it has none). Never throws. */
  getCategories(): Promise<Category[]>;
  /** How many weddings the source last answered with (kept across restarts for remote sources); null: never. */
  lastGoodWeddingCount(): Promise<number | null>;
  /**
   * Diagnostics (/strapi-test, /api/ready): asks the remote source directly, without fallback or cache.
   * Never throws.
   */
  probe(): Promise<ContentProbe>;
}

/**
 * One source's own answers, before any fallback: every method throws when the source fails, and answers with what
 * the source has ([] and null included).
 */
export interface ContentSource {
  readonly name: ContentProvider['name'];
  weddings(): Promise<Wedding[]>;
  wedding(slug: string): Promise<WeddingDetail | null>;
  weddingById(id: string): Promise<WeddingDetail | null>;
  /** The source's own blog posts, newest first. */
  posts(): Promise<BlogPost[]>;
  post(slug: string): Promise<BlogPost | null>;
  categories(): Promise<Category[]>;
  probe(): Promise<ContentProbe>;
}

export type ContentSourceName = ContentProvider['name'];

export interface ContentProbe {
  /** Whether the source answered with a well-formed response. */
  answered: boolean;
  /** Weddings the source returned (0 when it did not answer). */
  itemCount: number;
  /** Short description of the failure, when there was one. */
  error?: string;
  durationMs: number;
}

/**
 * What a visitor reads where a source left a gap: the spec's fallbacks above stay the entity's values (every provider
 * fills gaps alike), and views show them in Czech through these helpers.
 */
export function coupleLabel(couple: string): string {
  return couple === FALLBACK_COUPLE ? 'Svatba' : couple;
}
export function locationLabel(location: string): string {
  return location === FALLBACK_LOCATION ? 'Místo neuvedeno' : location;
}
/** A non-ISO date as it is (free text from a CMS), the missing one as „Datum neuvedeno“. */
export function dateTextLabel(date: string): string {
  return date === FALLBACK_DATE ? 'Datum neuvedeno' : date;
}
