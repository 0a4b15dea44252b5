import { describe, expect, it } from 'vitest';
import { sampleWeddingBySlug } from '@/content/sample-data';
import { FALLBACK_DATE } from '@/content/types';
import { JSON_LD_IMAGES, NOT_FOUND_METADATA, weddingJsonLd, weddingMetadata } from './wedding-seo';

describe('wedding metadata and JSON-LD', () => {
  const w = sampleWeddingBySlug('tereza-jakub');
  if (!w) throw new Error('sample wedding tereza-jakub missing');

  it('titles the page with the couple and points at the canonical URL', () => {
    const m = weddingMetadata(w);
    expect(m.title).toBe(`Tereza & Jakub – svatba, ${w.location}`);
    expect(m.alternates?.canonical).toBe('/weddings/tereza-jakub');
    expect(m.description).toBe(w.shortDescription);
    const images = m.openGraph?.images as { url: string; width: number }[];
    expect(images[0].url).toMatch(/^https?:\/\/.+\/api\/placeholder\//);
    expect(images[0].width).toBe(w.coverImage?.width);
  });

  it('gives the not-found title when there is no wedding', () => {
    expect(weddingMetadata(null)).toBe(NOT_FOUND_METADATA);
  });

  it('describes the gallery as schema.org ImageGallery', () => {
    const ld = weddingJsonLd(w, 'Anna Nováková');
    expect(ld['@type']).toBe('ImageGallery');
    expect(ld.dateCreated).toBe('2026-06-13');
    expect((ld.image as unknown[]).length).toBe(Math.min(JSON_LD_IMAGES, w.wedding_images.length));
    expect(ld.author).toEqual({ '@type': 'Person', name: 'Anna Nováková' });
    expect(weddingJsonLd({ ...w, date: FALLBACK_DATE }, 'A').dateCreated).toBeUndefined();
  });
});
