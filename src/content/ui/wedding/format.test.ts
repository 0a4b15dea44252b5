import { describe, expect, it } from 'vitest';
import { formatCzechDate, parseIsoDay } from './format';
import { FALLBACK_DATE } from '@/content/types';
import { isValidWeddingId, isValidWeddingSlug } from './slug';

describe('formatCzechDate', () => {
  it('formats ISO days the Czech way', () => {
    expect(formatCzechDate('2024-06-12')).toBe('12. června 2024');
    expect(formatCzechDate('2023-09-02T14:00:00Z')).toBe('2. září 2023');
  });
  it('keeps the fallback and free text', () => {
    expect(formatCzechDate(FALLBACK_DATE)).toBe(FALLBACK_DATE);
    expect(formatCzechDate('léto 2022')).toBe('léto 2022');
  });
  it('rejects impossible days', () => {
    expect(parseIsoDay('2024-02-31')).toBeNull();
    expect(parseIsoDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
});

describe('slug validity (SPEC §2)', () => {
  it.each(['jana-a-petr', 'a', 'svatba-2024', 'x1-y2-z3'])('accepts %s', (s) => expect(isValidWeddingSlug(s)).toBe(true));
  it.each(['', 'Jana-Petr', 'jana--petr', '-jana', 'jana-', 'jana_petr', '_slug', 'jana petr', 'žaneta'])('rejects %j', (s) =>
    expect(isValidWeddingSlug(s)).toBe(false),
  );
  it('accepts source ids but not paths', () => {
    expect(isValidWeddingId('5KsDBWseXY6QegucYAoacS')).toBe(true);
    expect(isValidWeddingId('12')).toBe(true);
    expect(isValidWeddingId('../etc')).toBe(false);
  });
});
