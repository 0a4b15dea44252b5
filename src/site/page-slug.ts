/**
 * The `/{slug}` route's validity check, pure so the not-found view can also run it in the browser: ASCII
 * kebab-case only, so a slug can never name a path outside the content folder.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidPageSlug(slug: string): boolean {
  return slug.length <= 80 && SLUG.test(slug);
}

/**
 * For the not-found page of `/{slug}`: true when the requested path fails the slug validity check (the fatal
 * "Page Not Found" variant), false when it is well-formed but has no page (plain "Page not found").
 */
export function failsSlugCheck(fullPath: string): boolean {
  const segment = fullPath.split('?')[0].replace(/^\/+|\/+$/g, '');
  try {
    return !isValidPageSlug(decodeURIComponent(segment));
  } catch {
    // Malformed percent-encoding is itself a failed check.
    return true;
  }
}
