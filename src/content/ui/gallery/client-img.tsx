'use client';
import { expandImg, type CompactImgProps } from './compact-img';

/**
 * A content photo's <img>, rendered by a client component for two reasons:
 * - its attributes travel in the page's flight data in their compact form (one srcset template and the widths,
 *   ./compact-img.ts) instead of as a server component's element with every candidate URL spelled out;
 * - the LCP photo (eager, fetchpriority=high): React's server-components runtime turns every eager <img> a server
 *   component renders into a preload hint inside the RSC payload; public pages are static and prefetched by links,
 *   so the browser would apply those hints to the page being viewed and download another page's hero at high
 *   priority. Rendered here, the <img> is only in this page's HTML, where the server renderer preloads it once.
 */
export function ClientImg({ className, ...props }: CompactImgProps & { className?: string }) {
  const img = expandImg(props);
  // eslint-disable-next-line @next/next/no-img-element -- props come from next/image's getImageProps
  return <img {...img} alt={img.alt} className={className} />;
}
