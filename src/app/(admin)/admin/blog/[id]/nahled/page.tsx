import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import { UUID } from '@/content/studio/http.server';
import { previewPost } from '@/content/studio/posts.server';
import { studioDeps } from '@/content/studio/runtime.server';
import { BlogPostView } from '@/content/ui/blog/blog-post-view';

export const metadata: Metadata = { title: 'Náhled článku – administrace', robots: { index: false } };

/** /admin/blog/{id}/nahled — the post as visitors would see it, drafts included (admin only). */
export default async function StudioPostPreviewPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!UUID.safeParse(id).success) notFound();
  const { db } = await studioDeps();
  const post = await previewPost(db, id);
  if (!post) notFound();
  return (
    <>
      <p className="container" role="note" style={{ paddingTop: '1rem' }}>
        <strong>Náhled</strong> – takto článek uvidí návštěvníci{' '}
        <a href={`/admin/blog/${id}`}>Zpět do úprav</a>
      </p>
      <BlogPostView post={post} />
    </>
  );
}
