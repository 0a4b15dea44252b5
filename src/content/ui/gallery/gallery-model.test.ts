import { describe, expect, it } from 'vitest';
import type { Image } from '@/content/types';
import { categoryCounts, gallerySearch, missingPages, pageCount, pageOf, parseCategory, parsePage, parsePhoto, photoCountLabel, visibleIndexes } from './gallery-model';

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

  it('parses ?strana= to an existing page, anything else to the first', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(48, 24)).toBe(2);
    expect(pageCount(49, 24)).toBe(3);
    expect(parsePage('3', 49, 24)).toBe(3);
    expect(parsePage('4', 49, 24)).toBe(1);
    expect(parsePage('0', 49, 24)).toBe(1);
    expect(parsePage('-1', 49, 24)).toBe(1);
    expect(parsePage('2abc', 49, 24)).toBe(1);
    expect(parsePage(undefined, 49, 24)).toBe(1);
    expect(pageOf(0, 24)).toBe(1);
    expect(pageOf(23, 24)).toBe(1);
    expect(pageOf(24, 24)).toBe(2);
  });

  it('lists each missing page once, in order', () => {
    const have = new Set([0, 1, 2, 5, 6, 7, 8, 9, 10, 11]);
    expect(missingPages(0, 12, (p) => have.has(p), 3)).toEqual([2]);
    expect(missingPages(0, 12, () => false, 3)).toEqual([1, 2, 3, 4]);
    expect(missingPages(4, 12, (p) => p !== 4 && p !== 11, 3)).toEqual([2, 4]);
    expect(missingPages(0, 12, () => true, 3)).toEqual([]);
  });

  it('keeps or drops the page in the query string', () => {
    expect(gallerySearch('slug=x&strana=3', { category: null, photo: null })).toBe('?slug=x&strana=3');
    expect(gallerySearch('slug=x&strana=3', { category: 'obrad', photo: null, page: null })).toBe('?slug=x&kategorie=obrad');
    expect(gallerySearch('', { category: null, photo: 4, page: 2 })).toBe('?foto=5&strana=2');
    expect(gallerySearch('strana=2', { category: null, photo: null, page: 1 })).toBe('');
  });
});
