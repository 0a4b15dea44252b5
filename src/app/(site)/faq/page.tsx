import type { Metadata } from 'next';
import { getFaq } from '@/content/pages/faq';
import { siteUrl } from '@/platform/env';
import { FaqList } from '@/ui/pages/faq-list';
import { JsonLd } from '@/ui/seo/json-ld';
import { pageMetadata } from '@/ui/seo/metadata';
import { faqJsonLd } from '@/ui/seo/structured-data';

export function generateMetadata(): Metadata {
  const { meta } = getFaq();
  return pageMetadata({ ...meta, path: '/faq' });
}

export default function FaqPage() {
  const faq = getFaq();
  return (
    <>
      <FaqList faq={faq} />
      <JsonLd data={faqJsonLd(faq, `${siteUrl()}/faq`)} />
    </>
  );
}
