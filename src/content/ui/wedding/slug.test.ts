import { describe, expect, it } from 'vitest';
import { isValidWeddingId, isValidWeddingSlug } from './slug';

describe('slug validity (docs/spec.md §2)', () => {
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
