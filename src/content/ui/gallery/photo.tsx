import type { Image } from '@/content/types';
import { photoProps, type PhotoOptions } from './photo-props';
import { compactImg } from './compact-img';
import { ClientImg } from './client-img';

/**
 * A content image rendered as a plain <img> with next/image's srcset (computed on the server). It is rendered by a
 * client component that receives the srcset in its compact form, and the LCP image (`priority`) keeps its preload in
 * this page's HTML instead of the RSC payload that other pages prefetch (see ./client-img.tsx).
 */
export function Photo({ image, className, ...opts }: PhotoOptions & { image: Image; className?: string }) {
  return <ClientImg {...compactImg(photoProps(image, opts))} className={className} />;
}
