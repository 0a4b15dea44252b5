import type { Image } from '@/content/types';
import { photoProps, type PhotoOptions } from './photo-props';

/** A content image rendered as a plain <img> with next/image's srcset (works in server components). */
export function Photo({ image, className, ...opts }: PhotoOptions & { image: Image; className?: string }) {
  const props = photoProps(image, opts);
  // eslint-disable-next-line @next/next/no-img-element -- props come from next/image's getImageProps
  return <img {...props} alt={props.alt} className={className} />;
}
