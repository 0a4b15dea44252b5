import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import { UUID } from '@/content/studio/http.server';
import { previewWeddingDetail } from '@/content/studio/public.server';
import { studioDeps } from '@/content/studio/runtime.server';
import { WeddingDetailView } from '@/content/ui/wedding/wedding-detail-view';
import type { SearchParams } from '@/platform/search-params';

export const metadata: Metadata = { title: 'Náhled svatby – administrace', robots: { index: false } };

/** /admin/svatby/{id}/nahled — the wedding page as visitors would see it, drafts included (admin only). */
export default async function StudioPreviewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  await requireAdmin();
  const { id } = await params;
  if (!UUID.safeParse(id).success) notFound();
  const { db } = await studioDeps();
  const wedding = await previewWeddingDetail(db, id);
  if (!wedding) notFound();
  return (
    <>
      <p className="container" role="note" style={{ paddingTop: '1rem' }}>
        <strong>Náhled</strong> – takto svatbu uvidí návštěvníci{' '}
        <a href={`/admin/svatby/${id}`}>Zpět do úprav</a>
      </p>
      <WeddingDetailView wedding={wedding} searchParams={await searchParams} more={[]} />
    </>
  );
}
