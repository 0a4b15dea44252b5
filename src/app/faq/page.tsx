import type { Metadata } from 'next';
import Link from 'next/link';
import { getFaq } from '@/content/pages/faq';
import { siteUrl } from '@/platform/env';
import { FaqList } from '@/ui/pages/faq-list';
import { PageHeader } from '@/ui/pages/page-header';
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
      <PageHeader eyebrow={faq.eyebrow} heading={faq.heading} lead={faq.lead} />
      <div className="container-narrow">
        <FaqList faq={faq} />
        <aside className="notice" aria-label="Další otázky">
          <p>
            Nenašli jste odpověď? <Link href="/kontakt">Napište mi</Link> nebo si rovnou <Link href="/rezervace">ověřte volný termín</Link>.
          </p>
        </aside>
      </div>
      <JsonLd data={faqJsonLd(faq, `${siteUrl()}/faq`)} />
    </>
  );
}
