import { describe, expect, it } from 'vitest';
import { isoDate, normalizeWedding, normalizeWeddingDetail, slugify, weddingYear } from './normalize';

const now = new Date('2026-03-01T12:00:00Z');

describe('normalizeWedding (docs/spec.md §3 fallbacks)', () => {
  it('fills every missing field', () => {
    expect(normalizeWedding({ id: 7 }, now)).toEqual({
      id: '7',
      couple: 'Unnamed Couple',
      date: 'Date not specified',
      location: 'Location not specified',
      shortDescription: '',
      slug: '7',
      year: 2026,
      favorite: false,
    });
  });

  it('treats empty and whitespace strings as missing', () => {
    const w = normalizeWedding({ id: 'a', couple: '  ', date: '', location: ' ', shortDescription: null, favorite: null }, now);
    expect(w.couple).toBe('Unnamed Couple');
    expect(w.date).toBe('Date not specified');
    expect(w.location).toBe('Location not specified');
    expect(w.shortDescription).toBe('');
    expect(w.favorite).toBe(false);
  });

  it('takes the year from the year field, else the date, else the current year', () => {
    expect(weddingYear(2022, '2024-06-01', now)).toBe(2022);
    expect(weddingYear('2023', null, now)).toBe(2023);
    expect(weddingYear(null, '2024-06-01T10:00:00Z', now)).toBe(2024);
    expect(weddingYear('', 'not a date', now)).toBe(2026);
    expect(weddingYear('abc', undefined, now)).toBe(2026);
  });

  it('keeps ISO dates (trimming a time part) and non-ISO text as given', () => {
    expect(isoDate('2024-06-15T14:00:00.000Z')).toBe('2024-06-15');
    expect(isoDate('2024-02-30')).toBeNull();
    expect(normalizeWedding({ date: '15. června 2024' }, now).date).toBe('15. června 2024');
  });

  it('derives a slug from the couple when missing', () => {
    expect(slugify('Eliška & Vojtěch')).toBe('eliska-vojtech');
    expect(normalizeWedding({ id: 'x1', couple: 'Eliška & Vojtěch' }, now).slug).toBe('eliska-vojtech');
    expect(normalizeWedding({ couple: 'A & B', slug: 'given' }, now)).toMatchObject({ slug: 'given', id: 'given' });
  });

  it('keeps favorite only when it is exactly true', () => {
    expect(normalizeWedding({ favorite: true }, now).favorite).toBe(true);
    expect(normalizeWedding({ favorite: false }, now).favorite).toBe(false);
  });

  it('detail: empty story and images, cover from the first image', () => {
    const img = { id: 'i', url: '/x.jpg', width: 1, height: 1, alternativeText: '', sizeHint: 'large' as const };
    expect(normalizeWeddingDetail({ id: '1' }, now)).toMatchObject({ story: '', wedding_images: [] });
    expect(normalizeWeddingDetail({ id: '1', wedding_images: [img] }, now).coverImage).toEqual(img);
  });
});
