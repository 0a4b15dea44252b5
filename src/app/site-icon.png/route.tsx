import { ImageResponse } from 'next/og';
import { getSiteInfo } from '@/site/public.server';
import { siteIconInitials, SITE_ICON_SIZE } from '@/ui/layout/site-icon';

/**
 * The favicon: the photographer's initials in a ring, as a PNG (docs/decisions/107-favicon-as-png.md). Drawn with
 * Next's documented `ImageResponse` once per set of initials and kept in memory; the page links it with the
 * initials in the query, so a browser may keep it for a year and a new name is a new address.
 */
let drawn: { initials: string; png: ArrayBuffer } | null = null;

async function iconFor(initials: string): Promise<ArrayBuffer> {
  if (drawn?.initials === initials) return drawn.png;
  const image = new ImageResponse(
    (
      <div
        style={{
          width: '100%',
          height: '100%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#faf7f2',
          borderRadius: 14,
        }}
      >
        <div
          style={{
            width: 52,
            height: 52,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: '2px solid #9a4f5c',
            borderRadius: '50%',
            color: '#1f1d1a',
            fontSize: 24,
          }}
        >
          {initials}
        </div>
      </div>
    ),
    { width: SITE_ICON_SIZE, height: SITE_ICON_SIZE },
  );
  const png = await image.arrayBuffer();
  drawn = { initials, png };
  return png;
}

export async function GET(request: Request): Promise<Response> {
  const initials = siteIconInitials(getSiteInfo().photographer.name);
  const png = await iconFor(initials);
  // The address the layout links carries the initials: that one is immutable; any other is checked again soon.
  const current = new URL(request.url).searchParams.get('v') === initials;
  return new Response(png, {
    headers: {
      'content-type': 'image/png',
      'cache-control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    },
  });
}
