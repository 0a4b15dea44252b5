import type { ImageLoaderProps } from 'next/image';

/**
 * `next/image` loaders for Contentful's Images API (docs/protocols.md §2: `?w=&q=&fm=avif|webp|jpg`).
 * Contentful resizes and encodes on its CDN, so these images skip Next's own optimiser.
 *
 * Usage in a (client or server) component — the loader must be imported where <Image> is rendered,
 * because functions cannot be passed from server to client components:
 *
 *   import { imageLoaderFor } from '@/content/providers/contentful/image-loader';
 *   <Image src={img.url} loader={imageLoaderFor(img.url)} … />   // undefined → Next's default optimiser
 *
 * A loader cannot negotiate formats (there is no Accept header), so the default loader asks for AVIF.
 * For a WebP fallback in older browsers render a <picture> with `getImageProps` and both
 * `contentfulLoader('avif')` and `contentfulLoader('webp')` as <source>s.
 */

export type ContentfulFormat = 'avif' | 'webp' | 'jpg' | 'png';

/** The Images API refuses widths above 4000 px. */
const MAX_WIDTH = 4000;

export function isContentfulImageUrl(src: string): boolean {
  try {
    const url = new URL(src.startsWith('//') ? `https:${src}` : src);
    return url.protocol === 'https:' && (url.hostname === 'images.ctfassets.net' || url.hostname.endsWith('.images.ctfassets.net'));
  } catch {
    return false;
  }
}

export function contentfulImageUrl(src: string, opts: { width: number; quality?: number; format?: ContentfulFormat }): string {
  const url = new URL(src.startsWith('//') ? `https:${src}` : src);
  url.searchParams.set('w', String(Math.min(MAX_WIDTH, Math.max(1, Math.round(opts.width)))));
  url.searchParams.set('q', String(Math.min(100, Math.max(1, Math.round(opts.quality ?? 70)))));
  url.searchParams.set('fm', opts.format ?? 'avif');
  return url.toString();
}

export function contentfulLoader(format: ContentfulFormat): (props: ImageLoaderProps) => string {
  return ({ src, width, quality }) => contentfulImageUrl(src, { width, quality, format });
}

/** The default Contentful loader (AVIF). */
export const contentfulImageLoader = contentfulLoader('avif');

/** The loader an image needs: Contentful's for ctfassets URLs, undefined (Next's optimiser) otherwise. */
export function imageLoaderFor(src: string): ((props: ImageLoaderProps) => string) | undefined {
  return isContentfulImageUrl(src) ? contentfulImageLoader : undefined;
}
