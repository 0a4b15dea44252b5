import type { Metadata } from 'next';
import { getBlogPosts } from '@/content/registry.server';
import { BlogCard } from '@/content/ui/blog/blog-card';
import styles from '@/content/ui/blog/blog.module.css';

export const metadata: Metadata = {
  title: 'Blog – rady pro plánování svatby',
  description: 'Praktické rady k harmonogramu, výběru místa i plánu B pro deštivý den – z pohledu svatební fotografky.',
  alternates: { canonical: '/blog' },
};

export default async function BlogPage() {
  const posts = [...(await getBlogPosts())].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Blog</p>
        <h1>Rady a příběhy ze svateb</h1>
        <p className="lead">Co jsem se naučila na desítkách svateb: jak si naplánovat den, vybrat místo a nebát se deště.</p>
      </header>
      {posts.length ? (
        <ul className={styles.grid}>
          {posts.map((p, i) => (
            <li key={p.slug}>
              <BlogCard post={p} priority={i === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="lead" style={{ paddingBottom: 'var(--space-section)' }}>
          Články právě připravuji. Zatím se můžete podívat do portfolia.
        </p>
      )}
    </div>
  );
}
