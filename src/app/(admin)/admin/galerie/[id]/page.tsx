import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { listWeddings } from '@/content/public.server';
import { adminGallery } from '@/galleries/admin.server';
import { consentView } from '@/galleries/admin-delivery.server';
import { galleryById, galleryDeps } from '@/galleries/public.server';
import { GalleryEditor } from '@/galleries/ui/gallery-editor';
import { formatCzechDateTime } from '@/platform/dates';
import { siteUrl } from '@/platform/env';

export const metadata: Metadata = { title: 'Galerie – administrace', robots: { index: false } };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function GalleryPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!UUID_RE.test(id)) notFound();
  const deps = await galleryDeps();
  const g = await adminGallery(deps, id);
  if (!g) notFound();
  const gallery = await galleryById(deps, id);
  if (!gallery) notFound();
  const [weddings, consent] = await Promise.all([listWeddings(deps.db), consentView(deps.db, gallery)]);
  const consentText =
    consent.given === null
      ? 'pár zatím neodpověděl.'
      : `${consent.given ? 'udělen' : 'odmítnut'}${consent.answeredAt ? ` ${formatCzechDateTime(consent.answeredAt)}` : ''}${consent.email ? ` (${consent.email})` : ''}.`;
  return (
    <div className={`container ${styles.shell}`}>
      <p>
        <Link href="/admin/galerie">← Zpět na galerie</Link>
      </p>
      <h1>{g.title}</h1>
      <p>
        <Link href={`/admin/galerie/${g.id}/predani`}>Předání páru: e-mail s odkazem, výběr do alba, souhlas, aktivita →</Link>
      </p>
      <GalleryEditor
        initial={g}
        siteUrl={siteUrl()}
        portfolio={{ weddings: weddings.map((w) => ({ id: w.id, couple: w.couple, date: w.date, published: w.published })), consent: { given: consent.given, text: consentText } }}
      />
    </div>
  );
}
