import { placeholderImage } from '@/content/placeholders';
import type { Image } from '@/content/types';
import { contentImageSchema, type ContentImage } from '@/site/public.server';
import { photoUrl } from '@/content/studio/variants';

export { contentImageSchema, type ContentImage };

/**
 * An image named in a content file: a generated placeholder (`placeholder: seed`), a real photograph the
 * photographer put under public/images/ (`src: /images/…`), or one she uploaded in the admin (`photo: id`, the
 * studio's variants). All resolve to the domain `Image`.
 */
export function resolveContentImage(ref: ContentImage, alt: string): Image {
  if ('photo' in ref) {
    return { id: ref.photo, url: photoUrl(ref.photo, Math.min(ref.width, 1920)), width: ref.width, height: ref.height, alternativeText: alt, sizeHint: 'large' };
  }
  if ('placeholder' in ref) return placeholderImage(ref.placeholder, ref.width, ref.height, alt);
  return { id: ref.src, url: ref.src, width: ref.width, height: ref.height, alternativeText: alt, sizeHint: 'large' };
}
