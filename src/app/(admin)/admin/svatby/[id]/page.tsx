import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { UUID } from '@/content/studio/http.server';
import { MAX_UPLOAD_LABEL } from '@/photos/public';
import { studioDeps } from '@/content/studio/runtime.server';
import { getWedding } from '@/content/studio/service.server';
import { WeddingEditor } from '@/content/studio/ui/wedding-editor';

export const metadata: Metadata = { title: 'Úprava svatby – administrace', robots: { index: false } };

/** /admin/svatby/{id} — edit a wedding, upload and arrange its photos, publish. */
export default async function StudioWeddingPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!UUID.safeParse(id).success) notFound();
  const { db } = await studioDeps();
  const wedding = await getWedding(db, id);
  if (!wedding) notFound();
  return (
    <div className={`container ${styles.shell}`}>
      <p>
        <Link href="/admin/svatby">← Všechny svatby</Link>
      </p>
      <h1>{wedding.couple}</h1>
      <WeddingEditor initial={wedding} maxUploadLabel={MAX_UPLOAD_LABEL} />
    </div>
  );
}
