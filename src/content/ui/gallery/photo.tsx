import type { Image } from '@/content/types';
import { photoProps, type PhotoOptions } from './photo-props';
import { PriorityImg } from './priority-img';

/**
 * A content image rendered as a plain <img> with next/image's srcset (works in server components). The LCP image
 * (`priority`) goes through a client component, so its preload stays in this page's HTML and never travels in the
 * RSC payload that other pages prefetch (see ./priority-img.tsx).
 */
export function Photo({ image, className, ...opts }: PhotoOptions & { image: Image; className?: string }) {
  const props = photoProps(image, opts);
  if (opts.priority) return <PriorityImg {...props} className={className} />;
  // eslint-disable-next-line @next/next/no-img-element -- props come from next/image's getImageProps
  return <img {...props} alt={props.alt} className={className} />;
}
