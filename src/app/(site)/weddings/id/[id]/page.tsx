import type { Metadata } from 'next';
import { WeddingDetailView } from '@/content/ui/wedding/wedding-detail-view';
import { configuredSource } from '@/content/wedding-source.server';
import { weddingById, findWeddingById, moreWeddings } from '@/content/ui/wedding/wedding-route';
import { weddingMetadata } from '@/content/ui/wedding/wedding-seo';

interface Props {
  params: Promise<{ id: string }>;
}

/** Rendered on first request and kept in the render cache; nothing is baked in at build time (decision 011). */
export function generateStaticParams(): { id: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The canonical link points at /weddings/{slug}.
  return weddingMetadata(await findWeddingById(configuredSource(), (await params).id));
}

/** /weddings/id/{id}: the same page found by the source's id (links from CMS previews); cached like the slug form. */
export default async function WeddingByIdPage({ params }: Props) {
  const wedding = await weddingById(configuredSource(), (await params).id);
  return <WeddingDetailView wedding={wedding} searchParams={{}} more={await moreWeddings(configuredSource(), wedding)} pagedGallery />;
}
