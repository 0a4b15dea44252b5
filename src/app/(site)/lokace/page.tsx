import type { Metadata } from 'next';
import { getLocations } from '@/site/public.server';
import { LocationsView } from '@/content/ui/pages/locations-view';
import { PageHeader } from '@/content/ui/pages/page-header';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  return pageMetadata({ ...getLocations().meta, path: '/lokace' });
}

export default function LocationsPage() {
  const content = getLocations();
  return (
    <>
      <PageHeader eyebrow={content.eyebrow} heading={content.heading} lead={content.lead} />
      <LocationsView content={content} />
    </>
  );
}
