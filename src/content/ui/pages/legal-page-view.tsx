import type { MarkdownDoc } from '@/content/pages/markdown';
import type { PrivacyFront } from '@/content/pages/static-pages';
import { formatCzechDate } from '@/platform/dates';
import { MarkdownBody } from './markdown-body';
import { PageHeader } from './page-header';

/** A legal text page (terms, privacy notice): its header with the date it applies from, then the Markdown text. */
export function LegalPageView({ page: { data, html } }: { page: MarkdownDoc<PrivacyFront> }) {
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
