import { Link } from '@/ui/link';
import { getWeddings } from '@/content/registry.server';
import { getSiteInfo } from '@/site/public.server';
import { renderMarkdown } from '@/content/markdown';
import type { BlogPost } from '@/content/types';
import { PostMeta } from './blog-card';
import { Photo } from '@/content/ui/gallery/photo';
import { WeddingCard, WeddingGrid } from '@/content/ui/wedding/wedding-card';
import { JsonLd } from '@/content/ui/wedding/json-ld';
import { absoluteUrl } from '@/content/ui/wedding/wedding-seo';
import styles from './blog.module.css';

/** A blog post as visitors see it (the public /blog/{slug} page and the admin's preview of a draft). */
export async function BlogPostView({ post }: { post: BlogPost }) {
  const site = getSiteInfo();
  const weddings = await getWeddings();
  const related = post.relatedWeddings.map((slug) => weddings.find((w) => w.slug === slug)).filter((w) => w !== undefined);
  const html = renderMarkdown(post.body);
  return (
    <article className={styles.post}>
      <header className={`container-narrow ${styles.postHeader}`}>
        <p className="eyebrow">
          <Link href="/blog" className={styles.back}>
            <span aria-hidden="true">←&nbsp;</span>Blog
          </Link>
        </p>
        <h1>{post.title}</h1>
        <PostMeta post={post} />
        <p className="lead">{post.excerpt}</p>
      </header>
      {post.coverImage ? (
        <figure className={styles.cover}>
          <Photo image={post.coverImage} sizes="(min-width: 64rem) 60rem, 100vw" priority className={styles.coverImg} />
        </figure>
      ) : null}
      <div className={`container-narrow prose ${styles.body}`} dangerouslySetInnerHTML={{ __html: html }} />
      {related.length ? (
        <section className={`container ${styles.related}`} aria-labelledby="related-title">
          <h2 id="related-title">Svatby k tématu</h2>
          <WeddingGrid label="Související svatby">
            {related.map((w) => (
              <li key={w.id}>
                <WeddingCard wedding={w} headingLevel="h3" />
              </li>
            ))}
          </WeddingGrid>
        </section>
      ) : null}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.date,
          inLanguage: 'cs',
          url: absoluteUrl(`/blog/${post.slug}`),
          mainEntityOfPage: absoluteUrl(`/blog/${post.slug}`),
          author: { '@type': 'Person', name: site.photographer.name },
          publisher: { '@type': 'Organization', name: site.photographer.brand },
          timeRequired: `PT${Math.max(1, Math.round(post.readingMinutes))}M`,
          ...(post.coverImage ? { image: absoluteUrl(post.coverImage.url) } : {}),
        }}
      />
    </article>
  );
}
