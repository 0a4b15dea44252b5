import type { Metadata } from 'next';
import { failsSlugCheck } from '@/content/pages/content-pages';
import { NotFoundView, currentPath } from '@/ui/error-view';

export const metadata: Metadata = { title: 'Stránka nenalezena', robots: { index: false } };

/**
 * Segment-level not-found of `/{slug}`. The slug format is this route's validity check: a malformed slug
 * (not ASCII kebab-case) is the fatal variant "Page Not Found: {path}"; a well-formed slug without a page is
 * simply an unmatched route, "Page not found: {path}" (docs/decisions/002-error-pages.md).
 */
export default async function SlugNotFound() {
  const path = await currentPath();
  return <NotFoundView fatal={failsSlugCheck(path)} path={path} />;
}
