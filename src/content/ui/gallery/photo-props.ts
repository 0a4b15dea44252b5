// The function alone (next/image's own module for it): importing 'next/image' would also make its <Image> client
// component a client reference of every page that shows a photo (≈ 6 KB of JavaScript nobody uses).
import { getImageProps } from 'next/dist/shared/lib/image-external-get-image-props';
import type { ImageLoader } from 'next/image';
import type { Image } from '@/content/types';
import { imageLoaderFor } from '@/content/providers/contentful/image-loader';
import { isStudioPhotoUrl, studioImageLoader } from '@/content/studio/variants';
import { isPlaceholderUrl, placeholderVariantLoader } from '@/content/placeholder-variants';

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
    backgroundImage: generatedGradientCss(dataUrl) ?? `url("${dataUrl}")`,
    backgroundSize: 'cover',
    backgroundPosition: '50% 50%',
    backgroundRepeat: 'no-repeat',
  };
}

const GENERATED_BLUR =
  /^data:image\/svg\+xml,%3Csvg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 \d+ \d+'%3E%3ClinearGradient id='g' x1='(-?[\d.]+)%25' y1='(-?[\d.]+)%25' x2='(-?[\d.]+)%25' y2='(-?[\d.]+)%25'%3E%3Cstop stop-color='%23([0-9a-f]{6})'\/%3E%3Cstop offset='\.55' stop-color='%23([0-9a-f]{6})'\/%3E%3Cstop offset='1' stop-color='%23([0-9a-f]{6})'\/%3E%3C\/linearGradient%3E%3Crect width='\d+' height='\d+' fill='url\(%23g\)'\/%3E%3C\/svg%3E$/;

/**
 * The generated blur placeholders (src/content/placeholder-art.ts: sample photographs, and CMS images without one
 * of their own) are one linear gradient: as CSS it is ≈ 50 characters instead of an SVG data URL of ≈ 370, in the
 * HTML and the flight data of every photo. Anything else (a real blur image) stays a URL.
 */
export function generatedGradientCss(dataUrl: string): string | null {
  const m = GENERATED_BLUR.exec(dataUrl);
  if (!m) return null;
  const [x1, y1, x2, y2] = m.slice(1, 5).map(Number);
  // SVG's vector (y down, 0° = right) → CSS's angle (0deg = up, clockwise).
  const deg = Math.round(((Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI + 90 + 360) % 360);
  return `linear-gradient(${deg}deg,#${m[5]},#${m[6]} 55%,#${m[7]})`;
}

/** Candidates below the smallest phone width are left out of a srcset that has enough larger ones: no layout of
 * ours shows a photo in a slot narrower than ~300 CSS px, so 256/384 px only ever served 1× screens marginally
 * smaller files, at the cost of ≈ 200 characters per photo in the HTML. */
const MIN_CANDIDATE = 390;

function withoutTinyCandidates(srcSet: string | undefined): string | undefined {
  if (!srcSet) return srcSet;
  const parts = srcSet.split(', ');
  const kept = parts.filter((p) => {
    const m = / (\d+)w$/.exec(p);
    return !m || Number(m[1]) >= MIN_CANDIDATE;
  });
  return kept.length >= 2 ? kept.join(', ') : srcSet;
}

/**
 * Computes the <img> attributes for one content image through next/image's own pipeline (`getImageProps`),
 * so server components, client components and the lightbox all share the same srcset. Contentful images get
 * their own loader (the Images API resizes them); everything else goes through /_next/image (AVIF/WebP).
 */
export function photoProps(image: PhotoSource, opts: PhotoOptions): PhotoImgProps {
  // Studio uploads have pre-made variants (no resizing per visitor); Contentful resizes on its CDN.
  // The LCP photo of the sample content: ready-made AVIF variants, never the optimiser's per-request work.
  const loader: ImageLoader | undefined = isStudioPhotoUrl(image.url)
    ? studioImageLoader
    : opts.priority && isPlaceholderUrl(image.url)
      ? placeholderVariantLoader
      : imageLoaderFor(image.url);
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
    srcSet: withoutTinyCandidates(props.srcSet),
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
