import type { Metadata } from 'next';
import { NotFoundView, currentPath } from '@/ui/error-view';

export const metadata: Metadata = { title: 'Stránka nenalezena', robots: { index: false } };

export default async function NotFound() {
  return <NotFoundView fatal={false} path={await currentPath()} />;
}
