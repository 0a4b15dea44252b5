import { galleryState } from '@/galleries/visitor.server';

export const dynamic = 'force-dynamic';

/** GET /api/galleries/{slug}/state → {state: "open" | "expired" | "missing"}: what the proxy asks before /galerie/{slug} (expired → 410). */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return Response.json({ state: await galleryState(slug, new Date()) }, { headers: { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
}
