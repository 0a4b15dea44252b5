import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { adminGallery } from '@/galleries/admin.server';
import { galleryDeps } from '@/galleries/public.server';
import { GalleryEditor } from '@/galleries/ui/gallery-editor';
import { siteUrl } from '@/platform/env';

export const metadata: Metadata = { title: 'Galerie – administrace', robots: { index: false } };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function GalleryPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!UUID_RE.test(id)) notFound();
  const g = await adminGallery(await galleryDeps(), id);
  if (!g) notFound();
  return (
    <div className={`container ${styles.shell}`}>
      <p>
        <Link href="/admin/galerie">← Zpět na galerie</Link>
      </p>
      <h1>{g.title}</h1>
      <p>
        <Link href={`/admin/galerie/${g.id}/predani`}>Předání páru: e-mail s odkazem, výběr do alba, souhlas, aktivita →</Link>
      </p>
      <GalleryEditor initial={g} siteUrl={siteUrl()} />
    </div>
  );
}
