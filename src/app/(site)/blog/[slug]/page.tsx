import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { getBlogPost } from '@/content/registry.server';
import { currentSlugOfRenamedPost } from '@/content/studio/runtime.server';
import { BlogPostView } from '@/content/ui/blog/blog-post-view';
import { NOT_FOUND_METADATA, absoluteUrl } from '@/content/ui/wedding/wedding-seo';
import { isValidWeddingSlug } from '@/content/ui/wedding/slug';
import { getEnv } from '@/platform/env';

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
  if (!post) {
    // A post of the admin whose slug was changed keeps its old address: 308 to the current one.
    const renamed = isValidWeddingSlug(slug) && getEnv().CONTENT_SOURCE === 'local' ? await currentSlugOfRenamedPost(slug) : null;
    if (renamed) permanentRedirect(`/blog/${renamed}`);
    notFound();
  }
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
  return <BlogPostView post={await loadPost((await params).slug)} />;
}
