import { z } from 'zod';
import { placeholderImage } from '@/content/placeholders';
import type { Image } from '@/content/types';

/**
 * An image named in a content file: either a generated placeholder (`placeholder: seed`) or a real photograph
 * the photographer put under public/images/ (`src: /images/…`). Both resolve to the domain `Image`.
 */
const size = { width: z.number().int().min(16).max(2400), height: z.number().int().min(16).max(2400) };
export const contentImageSchema = z.union([
  z.object({ placeholder: z.string().regex(/^[a-z0-9-]{1,80}$/), ...size }),
  z.object({ src: z.string().regex(/^\/images\/[A-Za-z0-9._\-/]+\.(?:jpe?g|png|webp|avif)$/), ...size }),
]);
export type ContentImage = z.infer<typeof contentImageSchema>;

export function resolveContentImage(ref: ContentImage, alt: string): Image {
  if ('placeholder' in ref) return placeholderImage(ref.placeholder, ref.width, ref.height, alt);
  return { id: ref.src, url: ref.src, width: ref.width, height: ref.height, alternativeText: alt, sizeHint: 'large' };
}
