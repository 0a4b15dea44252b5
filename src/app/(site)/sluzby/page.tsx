import type { Metadata } from 'next';
import { getServices } from '@/content/pages/services';
import { PageHeader } from '@/content/ui/pages/page-header';
import { ServicesView } from '@/content/ui/pages/services-view';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({ ...getServices().meta, path: '/sluzby' });
}

export default function ServicesPage() {
  const content = getServices();
  return (
    <>
      <PageHeader eyebrow={content.eyebrow} heading={content.heading} lead={content.lead} />
      <ServicesView content={content} />
    </>
  );
}
