import type { Metadata } from 'next';
import { getTermsPage } from '@/content/pages/static-pages';
import { LegalPageView } from '@/content/ui/pages/legal-page-view';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  const { title, description } = getTermsPage().data;
  return pageMetadata({ title, description, path: '/obchodni-podminky' });
}

export default function TermsPage() {
  return <LegalPageView page={getTermsPage()} />;
}
