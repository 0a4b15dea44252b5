import { describe, expect, it } from 'vitest';
import { parseQuery, QueryLimitError, QUERY_LIMITS, MAX_QUERY_LENGTH } from './query';

function expectLimitError(fn: () => unknown, status: 400 | 414) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(QueryLimitError);
    expect((err as QueryLimitError).status).toBe(status);
    expect((err as QueryLimitError).message).toMatch(/adres/i);
    return;
  }
  throw new Error('expected a QueryLimitError');
}

describe('parseQuery limits (docs/spec.md §9)', () => {
  it('pins the limits', () => {
    expect(QUERY_LIMITS).toEqual({ arrayLimit: 20, depth: 5, parameterLimit: 1000 });
  });

  it('parses bracket-style nesting like the Strapi client sends it', () => {
    expect(parseQuery('?filters[slug][$eq]=x%20y%26&populate[0]=role')).toEqual({
      filters: { slug: { $eq: 'x y&' } },
      populate: ['role'],
    });
    expect(parseQuery('')).toEqual({});
  });

  it('accepts exactly 1000 parameters and refuses 1001', () => {
    const params = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');
    expect(Object.keys(parseQuery(params(1000)))).toHaveLength(1000);
    expectLimitError(() => parseQuery(params(1001)), 400);
  });

  it('accepts 20 array items and refuses 21', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `a[]=${i}`).join('&');
    expect(parseQuery(items(20)).a).toHaveLength(20);
    expectLimitError(() => parseQuery(items(21)), 400);
    expectLimitError(() => parseQuery('a[25]=x'), 400);
  });

  it('accepts depth 5 and refuses depth 6', () => {
    expect(parseQuery('a[b][c][d][e][f]=1')).toEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } });
    expectLimitError(() => parseQuery('a[b][c][d][e][f][g]=1'), 400);
  });

  it('refuses an over-long query with 414', () => {
    expectLimitError(() => parseQuery('x=' + 'a'.repeat(MAX_QUERY_LENGTH)), 414);
  });

  it('never lets a query touch the prototype', () => {
    const parsed = parseQuery('__proto__[polluted]=1&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(parsed, '__proto__')).toBe(false);
  });
});
