import { describe, expect, it } from 'vitest';
import { sampleWeddingById, sampleWeddingBySlug, sampleWeddingDetails, sampleWeddings } from './sample-data';

describe('sample weddings (docs/spec.md §4, §9)', () => {
  it('has exactly five weddings from the last three seasons (2024–2026), three favourites', () => {
    const list = sampleWeddings();
    expect(list).toHaveLength(5);
    expect(new Set(list.map((w) => w.year))).toEqual(new Set([2024, 2025, 2026]));
    expect(list.filter((w) => w.favorite)).toHaveLength(3);
    expect(new Set(list.map((w) => w.slug)).size).toBe(5);
    expect(new Set(list.map((w) => w.id)).size).toBe(5);
  });

  it('has Czech couples, venues, descriptions and multi-paragraph stories', () => {
    for (const w of sampleWeddingDetails()) {
      expect(w.couple).toMatch(/^\p{Lu}\p{Ll}+ & \p{Lu}\p{Ll}+$/u);
      expect(w.location).not.toBe('Location not specified');
      expect(w.shortDescription.length).toBeGreaterThan(30);
      expect(w.story.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(w.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number(w.date.slice(0, 4))).toBe(w.year);
    }
  });

  it('gives each wedding the placeholder gallery with the first image as cover', () => {
    for (const w of sampleWeddingDetails()) {
      expect(w.wedding_images.length).toBeGreaterThanOrEqual(20);
      expect(w.coverImage).toEqual(w.wedding_images[0]);
    }
    const list = sampleWeddings();
    expect(list[0]).not.toHaveProperty('story');
    expect(list[0].coverImage?.url).toMatch(/^\/api\/placeholder\//);
  });

  it('finds by slug and id, null when absent', () => {
    expect(sampleWeddingBySlug('tereza-jakub')?.couple).toBe('Tereza & Jakub');
    expect(sampleWeddingById('2')?.slug).toBe('lucie-martin');
    expect(sampleWeddingBySlug('neexistuje')).toBeNull();
    expect(sampleWeddingById('99')).toBeNull();
  });
});
