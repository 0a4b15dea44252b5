/** docs/spec.md §2 route validity check for wedding slugs: lower-case words joined by single hyphens. */
export const WEDDING_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidWeddingSlug(value: string): boolean {
  return value.length <= 120 && WEDDING_SLUG.test(value);
}

/** Wedding ids come from several sources (sample ids, Contentful sys.id, Strapi id/documentId). */
const WEDDING_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidWeddingId(value: string): boolean {
  return WEDDING_ID.test(value);
}
