import type { Metadata } from 'next';
import { NotFoundView } from '@/ui/error-view';

export const metadata: Metadata = { title: 'Stránka nenalezena', robots: { index: false } };

/**
 * The app-wide 404 (unknown paths). Next renders the root not-found boundary into every page's tree, so it must
 * not read the request (that would make every page per request): the path comes from the router, which holds
 * the requested URL on the server render (docs/decisions/011-render-cache-csp.md).
 */
export default function NotFound() {
  return <NotFoundView fatal={false} />;
}
