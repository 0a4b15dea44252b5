import type { Metadata } from 'next';
import { getContactContent } from '@/content/pages/contact';
import { getSiteInfo } from '@/site/public.server';
import { ContactView } from '@/content/ui/pages/contact-view';
import { PageHeader } from '@/content/ui/pages/page-header';
import { pageMetadata } from '@/content/seo/metadata';
import { ContactFormSection } from '@/bookings/ui/contact-section';

export function generateMetadata(): Metadata {
  return pageMetadata({ ...getContactContent().meta, path: '/kontakt' });
}

export default function ContactPage() {
  const content = getContactContent();
  return (
    <>
      <PageHeader eyebrow={content.eyebrow} heading={content.heading} lead={content.lead} />
      <ContactView content={content} site={getSiteInfo()}>
        <ContactFormSection />
      </ContactView>
    </>
  );
}
