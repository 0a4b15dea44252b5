import type { Metadata } from 'next';
import { coupleLabel, locationLabel, type Image, type WeddingDetail } from '@/content/types';
import { siteUrl } from '@/platform/env';
import { parseIsoDay } from '@/platform/dates';

export function absoluteUrl(url: string): string {
  return new URL(url, siteUrl()).toString();
}

function describe(w: WeddingDetail): string {
  const text = w.shortDescription || w.story.split(/\n\s*\n/)[0] || `Svatební fotografie – ${coupleLabel(w.couple)}, ${locationLabel(w.location)}.`;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

export const NOT_FOUND_METADATA: Metadata = { title: 'Stránka nenalezena', robots: { index: false } };

/**
 * Metadata of a wedding page; every wedding route points search engines at /weddings/{slug}. `null` (the page
 * will call notFound()) gives the not-found title: generateMetadata must not throw notFound() itself, because
 * Next 16 then answers with an empty error shell instead of the rendered not-found page.
 */
export function weddingMetadata(w: WeddingDetail | null): Metadata {
  if (!w) return NOT_FOUND_METADATA;
  const title = `${coupleLabel(w.couple)} – svatba, ${locationLabel(w.location)}`;
  const description = describe(w);
  const cover = w.coverImage ?? w.wedding_images[0];
  const canonical = `/weddings/${w.slug}`;
  return {
    title,
    description,
    alternates: { canonical },
    openGraph: {
      type: 'article',
      title,
      description,
      url: canonical,
      ...(cover ? { images: [{ url: absoluteUrl(cover.url), width: cover.width, height: cover.height, alt: cover.alternativeText || coupleLabel(w.couple) }] } : {}),
    },
  };
}

function imageObject(img: Image) {
  return {
    '@type': 'ImageObject',
    contentUrl: absoluteUrl(img.url),
    width: img.width,
    height: img.height,
    ...(img.alternativeText ? { caption: img.alternativeText } : {}),
  };
}

/**
 * Photographs named in the structured data: the first dozen describe the gallery (the page links every photo);
 * each one costs ≈ 200 characters in the HTML and again in the flight data.
 */
export const JSON_LD_IMAGES = 12;

/** schema.org ImageGallery describing the wedding and its photographs. */
export function weddingJsonLd(w: WeddingDetail, photographer: string): Record<string, unknown> {
  const day = parseIsoDay(w.date);
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name: `${coupleLabel(w.couple)} – svatba`,
    description: describe(w),
    url: absoluteUrl(`/weddings/${w.slug}`),
    inLanguage: 'cs',
    ...(day ? { dateCreated: day.toISOString().slice(0, 10) } : {}),
    contentLocation: { '@type': 'Place', name: locationLabel(w.location) },
    author: { '@type': 'Person', name: photographer },
    ...(w.coverImage ? { primaryImageOfPage: imageObject(w.coverImage) } : {}),
    image: w.wedding_images.slice(0, JSON_LD_IMAGES).map(imageObject),
  };
}
