import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { coverChoices, listPosts } from '@/content/studio/posts.server';
import { studioDeps } from '@/content/studio/runtime.server';
import { NewPostForm } from '@/content/studio/ui/post-editor';
import studio from '@/content/studio/ui/studio.module.css';
import { formatCzechDate } from '@/platform/dates';

export const metadata: Metadata = { title: 'Blog – administrace', robots: { index: false } };

/** /admin/blog — the photographer's own blog posts (drafts and published) and a form for a new one. */
export default async function StudioPostsPage() {
  await requireAdmin();
  const { db } = await studioDeps();
  const [posts, covers] = await Promise.all([listPosts(db), coverChoices(db)]);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Blog</h1>
      <p>
        Články napsané zde se na stránce Blog zobrazují spolu s články ze složky content/blog. Koncept návštěvníci neuvidí, dokud ho
        nezveřejníte.
      </p>
      {posts.length ? (
        <ul className={studio.list} aria-label="Vaše články">
          {posts.map((p) => (
            <li key={p.id}>
              <Link href={`/admin/blog/${p.id}`}>{p.title}</Link>
              <span>{formatCzechDate(p.date)}</span>
              <span>{p.published ? 'zveřejněno' : 'koncept'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>Zatím žádný vlastní článek.</p>
      )}
      <section aria-labelledby="new-title">
        <h2 id="new-title">Nový článek</h2>
        <NewPostForm covers={covers} />
      </section>
    </div>
  );
}
