import type { ReactNode } from 'react';

/**
 * The public pages. They read nothing per visitor, so Next keeps their rendered HTML in the render cache
 * (src/platform/render-cache/handler.mjs): a content change invalidates them at once (invalidateContent), and
 * this lifetime is the safety net (seconds; a visit after it re-renders the page in the background).
 */
export const revalidate = 60;

export default function SiteLayout({ children }: { children: ReactNode }) {
  return children;
}
