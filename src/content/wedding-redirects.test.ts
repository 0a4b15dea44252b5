import { describe, expect, it } from 'vitest';
import { weddingRedirect } from './wedding-redirects';

const r = (url: string) => {
  const u = new URL(url, 'http://x');
  return weddingRedirect(u.pathname, u.searchParams);
};

describe('wedding-redirects', () => {
  it('maps /wedding-detail-{slug} to the canonical page', () => {
    expect(r('/wedding-detail-jana-a-petr')).toEqual({ pathname: '/weddings/jana-a-petr', search: undefined });
    expect(r('/wedding-detail-jana-a-petr/')).toEqual({ pathname: '/weddings/jana-a-petr', search: undefined });
  });
  it('keeps other query parameters (deep links into the gallery)', () => {
    expect(r('/wedding-detail-jana-a-petr?foto=3&kategorie=obrad')).toEqual({ pathname: '/weddings/jana-a-petr', search: '?foto=3&kategorie=obrad' });
  });
  it('passes malformed slugs on so the canonical page answers with the fatal 404', () => {
    expect(r('/wedding-detail-Jana_Petr')?.pathname).toBe('/weddings/Jana_Petr');
  });
  it('maps the query forms and drops the consumed slug parameter', () => {
    expect(r('/wedding-detail?slug=jana-a-petr')).toEqual({ pathname: '/weddings/jana-a-petr', search: undefined });
    expect(r('/weddings/_slug?slug=jana-a-petr&foto=2')).toEqual({ pathname: '/weddings/jana-a-petr', search: '?foto=2' });
    expect(r('/weddings/_slug?slug=a/b')?.pathname).toBe('/weddings/a%2Fb');
  });
  it('maps the singular collection and trailing slashes', () => {
    expect(r('/wedding/jana-a-petr')?.pathname).toBe('/weddings/jana-a-petr');
    expect(r('/weddings/jana-a-petr/')?.pathname).toBe('/weddings/jana-a-petr');
  });
  it('leaves canonical and unrelated URLs alone', () => {
    for (const u of ['/weddings/jana-a-petr', '/weddings/_slug', '/weddings/id/12', '/weddings/id/', '/wedding-detail', '/portfolio', '/strapi-wedding-detail?slug=x', '/blog/wedding-detail-x']) {
      expect(r(u), u).toBeNull();
    }
  });
});
