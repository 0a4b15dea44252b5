import { describe, expect, it } from 'vitest';
import type { Image } from '@/content/types';
import { categoryCounts, gallerySearch, parseCategory, parsePhoto, photoCountLabel, visibleIndexes } from './gallery-model';

const cat = (slug: string) => ({ id: `category-${slug}`, name: slug.toUpperCase(), slug });
const img = (i: number, c?: string): Image => ({
  id: `i${i}`,
  url: `/api/placeholder/x-${i}/800x600.jpg`,
  width: 800,
  height: 600,
  alternativeText: '',
  sizeHint: 'small',
  ...(c ? { category: cat(c) } : {}),
});
const images = [img(0, 'pripravy'), img(1, 'pripravy'), img(2, 'obrad'), img(3), img(4, 'pripravy')];

describe('gallery model', () => {
  it('counts categories in order of appearance', () => {
    expect(categoryCounts(images).map((c) => [c.category.slug, c.count])).toEqual([
      ['pripravy', 3],
      ['obrad', 1],
    ]);
  });
  it('filters by category', () => {
    expect(visibleIndexes(images, null)).toEqual([0, 1, 2, 3, 4]);
    expect(visibleIndexes(images, 'pripravy')).toEqual([0, 1, 4]);
  });
  it('accepts only known categories and in-range photos', () => {
    const counts = categoryCounts(images);
    expect(parseCategory('obrad', counts)).toBe('obrad');
    expect(parseCategory('tanec', counts)).toBeNull();
    expect(parsePhoto('1', 5)).toBe(0);
    expect(parsePhoto('5', 5)).toBe(4);
    for (const bad of ['0', '6', 'abc', '-1', '1.5', '', undefined]) expect(parsePhoto(bad, 5)).toBeNull();
  });
  it('writes the state into the query, keeping other parameters', () => {
    expect(gallerySearch('slug=x', { category: 'obrad', photo: 2 })).toBe('?slug=x&kategorie=obrad&foto=3');
    expect(gallerySearch('kategorie=obrad&foto=3', { category: null, photo: null })).toBe('');
  });
  it('declines the Czech plural', () => {
    expect([1, 2, 4, 5, 24].map(photoCountLabel)).toEqual(['1 fotografie', '2 fotografie', '4 fotografie', '5 fotografií', '24 fotografií']);
  });
});
