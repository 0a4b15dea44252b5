'use client';
import type { PhotoImgProps } from './photo-props';

/**
 * The page's LCP image (eager, fetchpriority=high), rendered by a client component on purpose. React's server
 * components runtime turns every eager <img> it renders into a preload hint inside the RSC payload; public pages
 * are static and prefetched by links, so the browser would apply those hints to the page being viewed and download
 * another page's hero at high priority. Rendered here, the <img> is only in this page's HTML, where the server
 * renderer preloads it once for this page.
 */
export function PriorityImg({ className, ...props }: PhotoImgProps & { className?: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- props come from next/image's getImageProps
  return <img {...props} alt={props.alt} className={className} />;
}
