import NextImage from 'next/image';
import type { Image } from '@/content/types';

/**
 * A content image through next/image (AVIF/WebP srcset, blur placeholder). `lcp` marks the one image that is
 * the largest paint above the fold: preloaded with high fetch priority; every other image loads lazily.
 */
export function ContentPhoto({ image, sizes, lcp = false, className }: { image: Image; sizes: string; lcp?: boolean; className?: string }) {
  return (
    <NextImage
      src={image.url}
      width={image.width}
      height={image.height}
      alt={image.alternativeText}
      sizes={sizes}
      className={className}
      {...(lcp ? { preload: true, fetchPriority: 'high' as const, loading: 'eager' as const } : { loading: 'lazy' as const })}
      {...(image.blurDataURL ? { placeholder: 'blur' as const, blurDataURL: image.blurDataURL } : {})}
    />
  );
}
