import type { Metadata } from 'next';
import { NotFoundView } from '@/ui/error-view';

export const metadata: Metadata = { title: 'Stránka nenalezena', robots: { index: false } };

/** notFound() in a cached public page (e.g. an unknown blog post): the path comes from the router. */
export default function SiteNotFound() {
  return <NotFoundView fatal={false} />;
}
