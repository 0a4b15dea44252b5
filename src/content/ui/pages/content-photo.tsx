import type { Image } from '@/content/types';
import { Photo } from '@/content/ui/gallery/photo';

/**
 * A content image (AVIF/WebP srcset through next/image's pipeline, blur placeholder as a background). `lcp` marks
 * the one image that is the largest paint above the fold: eager, fetchpriority=high, preloaded from the head and
 * decoded with its frame; every other image loads lazily. A plain <img> (./../gallery/photo.tsx), not next/image's
 * <Image> client component: that component would ship its own JavaScript to every page and swap its blur
 * placeholder in a client effect, and the photo must not wait for either (docs/decisions/055-lcp-without-waiting.md).
 */
export function ContentPhoto({ image, sizes, lcp = false, className }: { image: Image; sizes: string; lcp?: boolean; className?: string }) {
  return <Photo image={image} sizes={sizes} priority={lcp} className={className} />;
}
