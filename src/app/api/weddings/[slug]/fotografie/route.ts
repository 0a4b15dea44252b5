import { z } from 'zod';
import { configuredSource } from '@/content/wedding-source.server';
import { isValidWeddingSlug } from '@/content/ui/wedding/slug';
import { gallerySlice } from '@/content/ui/gallery/gallery-items.server';

const querySchema = z.object({
  v: z.string().regex(/^[0-9a-f]{16}$/, 'Chybí nebo nesedí verze galerie (v).'),
  strana: z.string().regex(/^\d{1,4}$/, 'Stránka galerie (strana) musí být celé číslo od 1.').transform(Number).pipe(z.number().int().min(1, 'Stránka galerie (strana) musí být celé číslo od 1.')),
  kategorie: z.string().min(1, 'Kategorie galerie (kategorie) nesmí být prázdná.').max(100, 'Kategorie galerie (kategorie) je příliš dlouhá.').optional(),
});

const NO_STORE = { 'cache-control': 'no-store' };

function error(status: number, name: string, message: string): Response {
  return Response.json({ data: null, error: { status, name, message } }, { status, headers: NO_STORE });
}

/**
 * GET /api/weddings/{slug}/fotografie?v={digest}&strana={N}[&kategorie={slug}] → `{page, pages, items}`: one page
 * of a published wedding's gallery with every thumbnail's <img> attributes already computed. The wedding page asks
 * for the pages after its first one as the visitor nears the end (docs/decisions/043-gallery-in-pages.md). The
 * digest `v` comes from the page and pins the content, so an answer is cacheable for a year; a stale digest → 409.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  const search = new URL(request.url).searchParams;
  const parsed = querySchema.safeParse({ v: search.get('v') ?? '', strana: search.get('strana') ?? '', ...(search.get('kategorie') ? { kategorie: search.get('kategorie') } : {}) });
  if (!parsed.success) return error(400, 'ValidationError', parsed.error.issues[0]?.message ?? 'Neplatný dotaz na galerii.');
  const wedding = isValidWeddingSlug(slug) ? await configuredSource().getWedding(slug) : null;
  if (!wedding) return error(404, 'NotFoundError', 'Tuto svatbu jsem nenašla.');
  const result = gallerySlice(wedding.wedding_images, { version: parsed.data.v, page: parsed.data.strana, category: parsed.data.kategorie });
  if (!result.ok) return error(result.status, result.name, result.message);
  return Response.json(result.slice, { headers: { 'cache-control': 'public, max-age=31536000, immutable' } });
}
