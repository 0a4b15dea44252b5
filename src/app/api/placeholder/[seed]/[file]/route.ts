import { PlaceholderBusyError, isPlaceholderCached, placeholderRequestSchema, renderPlaceholderJpeg } from '@/content/placeholder-render';
import { getDb } from '@/db/db.server';
import { clientAddress, hitRateLimit } from '@/platform/rate-limit.server';
import { log } from '@/platform/log';

/**
 * Generated placeholder photographs, e.g. /api/placeholder/tereza-jakub-7/1200x900.jpg.
 * The same URL always yields the same bytes, so they are cached for a year as immutable;
 * `next/image` turns them into AVIF/WebP srcsets like any local image.
 */
export const runtime = 'nodejs';

const RENDERS_PER_CLIENT = 600;
const RENDER_WINDOW_MS = 10 * 60_000;

/** Seconds to wait when this client's render budget is spent, else 0. Without a database, images still render. */
async function renderBudgetSpent(request: Request): Promise<number> {
  try {
    const r = await hitRateLimit(await getDb(), `placeholder:${clientAddress(request.headers)}`, RENDERS_PER_CLIENT, RENDER_WINDOW_MS);
    return r.allowed ? 0 : r.retryAfterSeconds;
  } catch (err) {
    log.warn('placeholder: rate limit unavailable', { err });
    return 0;
  }
}

export async function GET(request: Request, ctx: { params: Promise<{ seed: string; file: string }> }) {
  const params = await ctx.params;
  const parsed = placeholderRequestSchema.safeParse(params);
  if (!parsed.success) {
    return Response.json(
      { error: parsed.error.issues[0]?.message ?? 'Neplatný požadavek na obrázek.' },
      { status: 400, headers: { 'cache-control': 'no-store' } },
    );
  }
  const { seed, file } = parsed.data;
  if (!isPlaceholderCached(seed, file.width, file.height)) {
    // A render costs CPU: each client gets a generous budget of renders (cached images are free).
    const limited = await renderBudgetSpent(request);
    if (limited) {
      return Response.json(
        { error: 'Příliš mnoho požadavků na obrázky. Zkuste to prosím za chvíli.' },
        { status: 429, headers: { 'cache-control': 'no-store', 'retry-after': String(limited) } },
      );
    }
  }
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
    if (err instanceof PlaceholderBusyError) {
      return Response.json({ error: 'Obrázek se právě nedá vytvořit. Zkuste to prosím za chvíli.' }, { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '2' } });
    }
    log.error('placeholder render failed', { seed, width: file.width, height: file.height, err });
    return Response.json({ error: 'Obrázek se nepodařilo vytvořit.' }, { status: 500, headers: { 'cache-control': 'no-store' } });
  }
}
