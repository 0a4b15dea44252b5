import { normalizeWeddingDetail } from './normalize';
import { placeholderGallery } from './placeholders';
import { SAMPLE_WEDDINGS } from './sample-weddings';
import type { Wedding, WeddingDetail } from './types';

/**
 * The sample weddings in domain shape, with their generated galleries. Shared by the local provider and the
 * fallbacks of the remote providers (docs/spec.md §4: errors or empty results → sample weddings).
 */

/** A detail without images gets the placeholder gallery (docs/spec.md §4); the cover is its first image. */
export function withPlaceholderGallery(detail: WeddingDetail): WeddingDetail {
  if (detail.wedding_images.length > 0) {
    return detail.coverImage ? detail : { ...detail, coverImage: detail.wedding_images[0] };
  }
  const images = placeholderGallery(detail);
  return { ...detail, wedding_images: images, coverImage: detail.coverImage ?? images[0] };
}

export function toWedding(detail: WeddingDetail): Wedding {
  const { story: _story, wedding_images: _images, ...wedding } = detail;
  return wedding;
}

export function sampleWeddingDetails(): WeddingDetail[] {
  return SAMPLE_WEDDINGS.map((raw) => withPlaceholderGallery(normalizeWeddingDetail(raw)));
}

/** The five sample weddings, newest first, each with its cover image. */
export function sampleWeddings(): Wedding[] {
  return sampleWeddingDetails()
    .map(toWedding)
    .sort((a, b) => b.date.localeCompare(a.date));
}

export function sampleWeddingBySlug(slug: string): WeddingDetail | null {
  return sampleWeddingDetails().find((w) => w.slug === slug) ?? null;
}

export function sampleWeddingById(id: string): WeddingDetail | null {
  return sampleWeddingDetails().find((w) => w.id === id) ?? null;
}
