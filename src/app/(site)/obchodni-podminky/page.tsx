import type { Metadata } from 'next';
import { getTermsPage } from '@/content/pages/static-pages';
import { MarkdownBody } from '@/content/ui/pages/markdown-body';
import { PageHeader } from '@/content/ui/pages/page-header';
import { pageMetadata } from '@/content/seo/metadata';

export function generateMetadata(): Metadata {
  const { title, description } = getTermsPage().data;
  return pageMetadata({ title, description, path: '/obchodni-podminky' });
}

const dateFormat = new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export default function TermsPage() {
  const { data, html } = getTermsPage();
  return (
    <>
      <PageHeader narrow eyebrow={data.eyebrow} heading={data.heading} lead={data.lead}>
        <p className="muted">Platné od {dateFormat.format(new Date(`${data.updated}T00:00:00Z`))}</p>
      </PageHeader>
      <article className="container-narrow" aria-label={data.heading}>
        <MarkdownBody html={html} />
      </article>
    </>
  );
}
