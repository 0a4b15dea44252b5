// The function alone (next/image's own module for it): importing 'next/image' would also make its <Image> client
// component a client reference of every page that shows a photo (≈ 6 KB of JavaScript nobody uses).
import { getImageProps } from 'next/dist/shared/lib/image-external-get-image-props';
import type { ImageLoader } from 'next/image';
import type { Image } from '@/content/types';
import { imageLoaderFor } from '@/content/providers/contentful/image-loader';
import { isStudioPhotoUrl, studioImageLoader } from '@/content/studio/variants';

/** The serialisable <img> attributes next/image computes (srcset/sizes, lazy loading, blur placeholder). */
export interface PhotoImgProps {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
  alt: string;
  loading?: 'lazy' | 'eager';
  decoding?: 'async' | 'sync' | 'auto';
  fetchPriority?: 'high' | 'low' | 'auto';
  style: Record<string, string | number>;
}

/** What photoProps needs of an image (a gallery sends only this to the browser, which computes the rest). */
export type PhotoSource = Pick<Image, 'url' | 'width' | 'height' | 'alternativeText' | 'blurDataURL'>;

export interface PhotoOptions {
  sizes: string;
  alt?: string;
  /** LCP candidate: eager and fetchpriority=high (found in the first HTML by the preload scanner). */
  priority?: boolean;
  /** Must be one of next.config `images.qualities` (Next 16 default: only 75). */
  quality?: number;
  /** Skip the blur placeholder (e.g. inside the lightbox, where the thumbnail was already seen). */
  noBlur?: boolean;
}

/**
 * Our blur placeholders are already soft 10-pixel gradients (src/content/placeholder-art.ts), so they are shown as
 * they are. next/image's `placeholder="blur"` would wrap each one in an SVG blur filter — about 1 KB more per photo,
 * twice per photo in the HTML and the RSC payload (≈ 60 KB on a wedding page), for no visible difference.
 */
function blurStyle(dataUrl: string): Record<string, string> {
  return {
    backgroundImage: `url("${dataUrl}")`,
    backgroundSize: 'cover',
    backgroundPosition: '50% 50%',
    backgroundRepeat: 'no-repeat',
  };
}

/**
 * Computes the <img> attributes for one content image through next/image's own pipeline (`getImageProps`),
 * so server components, client components and the lightbox all share the same srcset. Contentful images get
 * their own loader (the Images API resizes them); everything else goes through /_next/image (AVIF/WebP).
 */
export function photoProps(image: PhotoSource, opts: PhotoOptions): PhotoImgProps {
  // Studio uploads have pre-made variants (no resizing per visitor); Contentful resizes on its CDN.
  const loader: ImageLoader | undefined = isStudioPhotoUrl(image.url) ? studioImageLoader : imageLoaderFor(image.url);
  const blur = !opts.noBlur && image.blurDataURL ? image.blurDataURL : undefined;
  const { props } = getImageProps({
    src: image.url,
    width: image.width,
    height: image.height,
    alt: opts.alt ?? image.alternativeText,
    sizes: opts.sizes,
    quality: opts.quality ?? 75,
    ...(loader ? { loader } : {}),
    loading: opts.priority ? 'eager' : 'lazy',
    ...(opts.priority ? { fetchPriority: 'high' as const } : {}),
  });
  // No `preload` option here: the server renderer preloads the eager, fetchpriority=high <img> of this page's HTML
  // once. It must be rendered by a client component (./priority-img.tsx): an eager <img> in a server component
  // becomes a preload hint in the RSC payload, which prefetching links would apply to the page being viewed.
  return {
    src: props.src,
    srcSet: props.srcSet,
    sizes: props.sizes,
    width: typeof props.width === 'number' ? props.width : image.width,
    height: typeof props.height === 'number' ? props.height : image.height,
    alt: props.alt,
    loading: props.loading,
    // The LCP image is decoded with the frame that shows it: `async` lets Chrome present that frame without it and
    // paint the photo one frame later, i.e. after whatever script task runs in between.
    decoding: opts.priority ? 'sync' : 'async',
    ...(opts.priority ? { fetchPriority: 'high' as const } : {}),
    style: { ...(props.style as Record<string, string | number>), ...(blur ? blurStyle(blur) : {}) },
  };
}
