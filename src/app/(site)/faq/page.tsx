import type { Metadata } from 'next';
import { getFaq } from '@/site/public.server';
import { siteUrl } from '@/platform/env';
import { FaqList } from '@/content/ui/pages/faq-list';
import { JsonLd } from '@/ui/seo/json-ld';
import { pageMetadata } from '@/content/seo/metadata';
import { faqJsonLd } from '@/content/seo/structured-data';

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
