import { describe, expect, it } from 'vitest';
import type { Category, Wedding } from '@/content/types';
import { parsePortfolioFilter, portfolioHref, sortWeddings, yearsOf } from './portfolio-filters';

const w = (id: string, date: string, year: number, favorite: boolean): Wedding => ({
  id,
  couple: `Pár ${id}`,
  date,
  location: 'Praha',
  shortDescription: '',
  slug: `par-${id}`,
  year,
  favorite,
});
const cats: Category[] = [{ id: 'c1', name: 'Obřad', slug: 'obrad' }];

describe('portfolio ordering and filters', () => {
  const list = [w('a', '2022-05-01', 2022, false), w('b', '2024-06-12', 2024, false), w('c', '2023-09-02', 2023, true), w('d', 'Date not specified', 2024, true)];
  it('puts favourites first, then the newest', () => {
    // d has no date: its year (2024) sorts it as 1 January 2024, newer than c.
    expect(sortWeddings(list).map((x) => x.id)).toEqual(['d', 'c', 'b', 'a']);
  });
  it('lists years newest first', () => expect(yearsOf(list)).toEqual([2024, 2023, 2022]));
  it('parses valid params and explains invalid ones in Czech', () => {
    expect(parsePortfolioFilter({ rok: '2023', kategorie: 'obrad' }, [2023], cats)).toEqual({ year: 2023, category: 'obrad', notices: [] });
    const bad = parsePortfolioFilter({ rok: 'abc', kategorie: ['nic', 'obrad'] }, [2023], cats);
    expect(bad.year).toBeUndefined();
    expect(bad.category).toBeUndefined();
    expect(bad.notices).toHaveLength(2);
    expect(bad.notices[0]).toContain('abc');
  });
  it('builds deep links', () => {
    expect(portfolioHref('/portfolio', {})).toBe('/portfolio');
    expect(portfolioHref('/portfolio', { year: 2023, category: 'obrad' })).toBe('/portfolio?rok=2023&kategorie=obrad');
  });
});
