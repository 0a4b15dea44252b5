import { placeholderRequestSchema, renderPlaceholderJpeg } from '@/content/placeholder-render';
import { log } from '@/platform/log';

/**
 * Generated placeholder photographs, e.g. /api/placeholder/tereza-jakub-7/1200x900.jpg.
 * The same URL always yields the same bytes, so they are cached for a year as immutable;
 * `next/image` turns them into AVIF/WebP srcsets like any local image.
 */
export const runtime = 'nodejs';

export async function GET(_request: Request, ctx: { params: Promise<{ seed: string; file: string }> }) {
  const params = await ctx.params;
  const parsed = placeholderRequestSchema.safeParse(params);
  if (!parsed.success) {
    return Response.json(
      { error: parsed.error.issues[0]?.message ?? 'Neplatný požadavek na obrázek.' },
      { status: 400, headers: { 'cache-control': 'no-store' } },
    );
  }
  const { seed, file } = parsed.data;
  try {
    const jpeg = await renderPlaceholderJpeg(seed, file.width, file.height);
    return new Response(new Uint8Array(jpeg), {
      headers: {
        'content-type': 'image/jpeg',
        'content-length': String(jpeg.length),
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
  } catch (err) {
    log.error('placeholder render failed', { seed, width: file.width, height: file.height, err });
    return Response.json({ error: 'Obrázek se nepodařilo vytvořit.' }, { status: 500, headers: { 'cache-control': 'no-store' } });
  }
}
