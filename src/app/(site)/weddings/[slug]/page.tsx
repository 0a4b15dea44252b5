import type { Metadata } from 'next';
import { WeddingDetailView } from '@/content/ui/wedding/wedding-detail-view';
import { configuredSource } from '@/content/wedding-source.server';
import { weddingBySlug, findWeddingBySlug, moreWeddings } from '@/content/ui/wedding/wedding-route';
import { weddingMetadata } from '@/content/ui/wedding/wedding-seo';

interface Props {
  params: Promise<{ slug: string }>;
}

/** Rendered on first request and kept in the render cache; nothing is baked in at build time (decision 011). */
export function generateStaticParams(): { slug: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return weddingMetadata(await findWeddingBySlug(configuredSource(), (await params).slug));
}

/**
 * The canonical wedding page /weddings/{slug}, served from the render cache. With `?kategorie=`, `?foto=` or `?strana=` the
 * proxy rewrites to the per-request twin ./galerie, which opens the gallery filtered or at a photo.
 */
export default async function WeddingPage({ params }: Props) {
  const wedding = await weddingBySlug(configuredSource(), (await params).slug);
  return <WeddingDetailView wedding={wedding} searchParams={{}} more={await moreWeddings(configuredSource(), wedding)} pagedGallery />;
}
