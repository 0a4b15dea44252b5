import type { Metadata } from 'next';
import { NotFoundView } from '@/ui/error-view';

export const metadata: Metadata = { title: 'Stránka nenalezena', robots: { index: false } };

/**
 * Segment-level not-found of `/{slug}`. The slug format is this route's validity check: a malformed slug
 * (not ASCII kebab-case) is the fatal variant "Page Not Found: {path}"; a well-formed slug without a page is
 * simply an unmatched route, "Page not found: {path}" (docs/decisions/002-error-pages.md). Part of a cached
 * render, so the check runs on the router's path (docs/decisions/011-render-cache-csp.md).
 */
export default function SlugNotFound() {
  return <NotFoundView fatal="page-slug" />;
}
