import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getBlogPost, getWeddings } from '@/content/registry.server';
import { getSiteInfo } from '@/content/site';
import { PostMeta } from '@/content/ui/blog/blog-card';
import { renderMarkdown } from '@/content/markdown';
import { Photo } from '@/content/ui/gallery/photo';
import { WeddingCard, WeddingGrid } from '@/content/ui/wedding/wedding-card';
import { JsonLd } from '@/content/ui/wedding/json-ld';
import { NOT_FOUND_METADATA, absoluteUrl } from '@/content/ui/wedding/wedding-seo';
import { isValidWeddingSlug } from '@/content/ui/wedding/slug';
import styles from '@/content/ui/blog/blog.module.css';

interface Props {
  params: Promise<{ slug: string }>;
}

/** Rendered on first request and kept in the render cache; nothing is baked in at build time (decision 011). */
export function generateStaticParams(): { slug: string }[] {
  return [];
}

const findPost = cache(async (slug: string) => (isValidWeddingSlug(slug) ? getBlogPost(slug) : null));

const loadPost = cache(async (slug: string) => {
  // Post slugs follow the same rule as wedding slugs; anything else cannot exist.
  const post = await findPost(slug);
  if (!post) notFound();
  return post;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // Never notFound() here: Next 16 would answer with an empty error shell (the page itself calls it).
  const post = await findPost((await params).slug);
  if (!post) return NOT_FOUND_METADATA;
  const canonical = `/blog/${post.slug}`;
  return {
    title: post.title,
    description: post.excerpt,
    alternates: { canonical },
    openGraph: {
      type: 'article',
      title: post.title,
      description: post.excerpt,
      url: canonical,
      publishedTime: post.date,
      ...(post.coverImage ? { images: [{ url: absoluteUrl(post.coverImage.url), width: post.coverImage.width, height: post.coverImage.height, alt: post.coverImage.alternativeText }] } : {}),
    },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const post = await loadPost((await params).slug);
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
