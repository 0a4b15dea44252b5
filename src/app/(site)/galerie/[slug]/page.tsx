import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { CodeForm } from '@/galleries/ui/code-form';
import { ExpiredGallery } from '@/galleries/ui/expired-gallery';
import { GalleryView } from '@/galleries/ui/gallery-view';
import { visitorPage } from '@/galleries/visitor-page.server';

interface Props {
  params: Promise<{ slug: string }>;
}

const NO_INDEX: Metadata['robots'] = { index: false, follow: false, nocache: true };

/** The title says nothing of the gallery until its code was entered. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const page = await visitorPage((await params).slug);
  return { title: page.state === 'open' ? page.gallery.title : 'Soukromá galerie', robots: NO_INDEX };
}

/**
 * The couple's gallery /galerie/{slug}: per request (never in the render cache, never in the sitemap), `noindex`
 * here and `X-Robots-Tag` from the proxy. An expired gallery answers 410 (the proxy rewrites to ./vyprsela).
 */
export default async function GalleryPage({ params }: Props) {
  await connection();
  const { slug } = await params;
  const page = await visitorPage(slug);
  if (page.state === 'missing') notFound();
  if (page.state === 'expired') return <ExpiredGallery />;
  if (page.state === 'locked') {
    return (
      <div className="container-narrow section">
        <p className="eyebrow">Soukromá galerie</p>
        <h1>Zadejte prosím přístupový kód</h1>
        <p className="lead">Tato galerie je soukromá. Otevře se po zadání kódu, který jste ode mě dostali e-mailem.</p>
        <CodeForm slug={page.slug} />
      </div>
    );
  }
  return <GalleryView {...page.props} />;
}
