import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getContentPage } from '@/content/pages/content-pages';
import { MarkdownBody } from '@/content/ui/pages/markdown-body';
import { PageHeader } from '@/content/ui/pages/page-header';
import { pageMetadata } from '@/content/seo/metadata';

interface Props {
  params: Promise<{ slug: string }>;
}

/** Rendered on first request and kept in the render cache; nothing is baked in at build time (decision 011). */
export function generateStaticParams(): { slug: string }[] {
  return [];
}

/** Catch-all `/{slug}` (docs/spec.md §2): a content page from content/pages/<slug>.md, else 404. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const page = getContentPage(slug);
  if (!page) return { title: 'Stránka nenalezena', robots: { index: false } };
  return pageMetadata({ title: page.title, description: page.description, path: `/${page.slug}` });
}

export default async function ContentPageRoute({ params }: Props) {
  const { slug } = await params;
  const page = getContentPage(slug);
  if (!page) notFound();
  return (
    <>
      <PageHeader narrow eyebrow={page.eyebrow} heading={page.title} lead={page.lead} />
      <article className="container-narrow" aria-label={page.title}>
        <MarkdownBody html={page.html} />
      </article>
    </>
  );
}
