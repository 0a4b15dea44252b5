import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { UUID } from '@/content/studio/http.server';
import { coverChoices, getPost } from '@/content/studio/posts.server';
import { studioDeps } from '@/content/studio/runtime.server';
import { PostEditor } from '@/content/studio/ui/post-editor';

export const metadata: Metadata = { title: 'Úprava článku – administrace', robots: { index: false } };

/** /admin/blog/{id} — edit a post, publish or hide it, delete it. */
export default async function StudioPostPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!UUID.safeParse(id).success) notFound();
  const { db } = await studioDeps();
  const [post, covers] = await Promise.all([getPost(db, id), coverChoices(db)]);
  if (!post) notFound();
  return (
    <div className={`container ${styles.shell}`}>
      <p>
        <Link href="/admin/blog">← Všechny články</Link>
      </p>
      <h1>{post.title}</h1>
      <PostEditor initial={post} covers={covers} />
    </div>
  );
}
