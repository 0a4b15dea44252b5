import type { Metadata } from 'next';
import { placeholderGallery } from '@/content/placeholders';
import { Gallery } from '@/content/ui/gallery/gallery';
import { firstParam, type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = {
  title: 'Test galerie',
  description: 'Galerie s mozaikou, kategoriemi a prohlížečem na generovaných fotografiích.',
};

/** docs/spec.md §2 /test-gallery: the gallery component on generated placeholder photographs. */
export default async function TestGalleryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const images = placeholderGallery({ slug: 'test-gallery', couple: 'Testovací galerie' });
  return (
    <div className="container" style={{ paddingBottom: 'var(--space-section)' }}>
      <header className="page-header">
        <p className="eyebrow">Test</p>
        <h1>Test galerie</h1>
        <p className="lead">
          Mozaika podle velikosti fotografií, filtrování podle části dne a prohlížeč ovladatelný klávesnicí (šipky, Esc) i
          dotykem.
        </p>
      </header>
      <Gallery images={images} label="Testovací galerie" category={firstParam(params, 'kategorie')} photo={firstParam(params, 'foto')} priorityFirst />
    </div>
  );
}
