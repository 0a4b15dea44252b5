import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { ExpiredGallery } from '@/galleries/ui/expired-gallery';
import { visitorPage } from '@/galleries/visitor-page.server';

export const metadata: Metadata = { title: 'Galerie vypršela', robots: { index: false, follow: false } };

/** Where the proxy rewrites an expired /galerie/{slug} (with status 410); a gallery still open goes back to itself. */
export default async function ExpiredPage({ params }: { params: Promise<{ slug: string }> }) {
  await connection();
  const { slug } = await params;
  const page = await visitorPage(slug);
  if (page.state === 'missing') notFound();
  if (page.state !== 'expired') redirect(`/galerie/${slug}`);
  return <ExpiredGallery />;
}
