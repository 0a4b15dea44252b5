import type { Metadata } from 'next';
import { getTermsPage } from '@/content/pages/static-pages';
import { MarkdownBody } from '@/content/ui/pages/markdown-body';
import { PageHeader } from '@/content/ui/pages/page-header';
import { pageMetadata } from '@/content/seo/metadata';
import { formatCzechDate } from '@/platform/dates';

export function generateMetadata(): Metadata {
  const { title, description } = getTermsPage().data;
  return pageMetadata({ title, description, path: '/obchodni-podminky' });
}

export default function TermsPage() {
  const { data, html } = getTermsPage();
  return (
    <>
      <PageHeader narrow eyebrow={data.eyebrow} heading={data.heading} lead={data.lead}>
        <p className="muted">Platné od {formatCzechDate(data.updated)}</p>
      </PageHeader>
      <article className="container-narrow" aria-label={data.heading}>
        <MarkdownBody html={html} />
      </article>
    </>
  );
}
