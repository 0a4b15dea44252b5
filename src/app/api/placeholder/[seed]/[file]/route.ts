import { PlaceholderBusyError, isPlaceholderCached, placeholderRequestSchema, renderPlaceholderJpeg, renderPlaceholderVariant } from '@/content/placeholder-render';
import { getDb } from '@/db/db.server';
import { clientAddress, hitRateLimit } from '@/platform/rate-limit.server';
import { log } from '@/platform/log';

/**
 * Generated placeholder photographs, e.g. /api/placeholder/tereza-jakub-7/1200x900.jpg, and the ready-made AVIF
 * variants of the pages' largest photos, e.g. /api/placeholder/uvod-hero/2400x1600.w828 (AVIF or WebP by `Accept`)
 * (src/content/placeholder-variants.ts).
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
  // A variant comes as AVIF to browsers that accept it, else as WebP (the same URL: `Vary: Accept`).
  const format = (request.headers.get('accept') ?? '').includes('image/avif') ? 'avif' : 'webp';
  if (!isPlaceholderCached(seed, file.width, file.height, file.variant === null ? null : { width: file.variant, format })) {
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
    const variant = file.variant;
    const body = variant === null ? await renderPlaceholderJpeg(seed, file.width, file.height) : await renderPlaceholderVariant(seed, file.width, file.height, variant, format);
    return new Response(new Uint8Array(body), {
      headers: {
        'content-type': variant === null ? 'image/jpeg' : `image/${format}`,
        ...(variant === null ? {} : { vary: 'Accept' }),
        'content-length': String(body.length),
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
