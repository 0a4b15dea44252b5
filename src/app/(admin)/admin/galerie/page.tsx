import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { listGalleries } from '@/galleries/admin.server';
import { galleryDeps } from '@/galleries/public.server';
import { NewGalleryForm } from '@/galleries/ui/new-gallery-form';
import ui from '@/galleries/ui/galleries.module.css';
import { formatCzechDate } from '@/platform/dates';

export const metadata: Metadata = { title: 'Galerie pro klienty – administrace', robots: { index: false } };

/** /admin/galerie — the private client galleries and a form for a new one. */
export default async function GalleriesPage({ searchParams }: { searchParams: Promise<{ poptavka?: string }> }) {
  await requireAdmin();
  const rows = await listGalleries(await galleryDeps());
  const inquiry = Number((await searchParams).poptavka);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Galerie pro klienty</h1>
      <p>Soukromé galerie, ve kterých páru předávám hotové fotografie. Pár je otevře odkazem a kódem.</p>
      {rows.length ? (
        <ul className={ui.list} aria-label="Galerie">
          {rows.map((g) => (
            <li key={g.id}>
              <Link href={`/admin/galerie/${g.id}`}>{g.title}</Link>
              <span>{g.weddingDate ? formatCzechDate(g.weddingDate) : 'bez data'}</span>
              <span>
                {g.photoCount} fotografií · {g.published ? 'zveřejněná' : 'skrytá'}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>Zatím žádná galerie.</p>
      )}
      <section aria-labelledby="new-gallery-title">
        <h2 id="new-gallery-title">Nová galerie</h2>
        <NewGalleryForm inquiryId={Number.isInteger(inquiry) && inquiry > 0 ? inquiry : undefined} />
      </section>
    </div>
  );
}
