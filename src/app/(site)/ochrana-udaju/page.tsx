import type { Metadata } from 'next';
import { getPrivacyPage } from '@/content/pages/static-pages';
import { LegalPageView } from '@/content/ui/pages/legal-page-view';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  const { title, description } = getPrivacyPage().data;
  return pageMetadata({ title, description, path: '/ochrana-udaju' });
}

export default function PrivacyPage() {
  return <LegalPageView page={getPrivacyPage()} />;
}
