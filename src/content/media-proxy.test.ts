import { describe, expect, it } from 'vitest';
import { proxiedMediaUrl, upstreamMediaUrl } from './media-proxy';

describe('media proxy URLs', () => {
  it('routes files of the configured server through the site, others untouched', () => {
    expect(proxiedMediaUrl('strapi', 'http://127.0.0.1:1337/uploads/a_b.jpg?x=1', 'http://127.0.0.1:1337')).toBe('/api/media/strapi/uploads/a_b.jpg?x=1');
    expect(proxiedMediaUrl('strapi', 'https://cms.cz/base/uploads/a.jpg', 'https://cms.cz/base/')).toBe('/api/media/strapi/uploads/a.jpg');
    expect(proxiedMediaUrl('strapi', 'https://cdn.other.cz/uploads/a.jpg', 'https://cms.cz')).toBe('https://cdn.other.cz/uploads/a.jpg');
    expect(proxiedMediaUrl('strapi', 'https://cms.cz/baseline/a.jpg', 'https://cms.cz/base')).toBe('https://cms.cz/baseline/a.jpg');
    expect(proxiedMediaUrl('contentful', 'https://images.ctfassets.net/a.jpg', 'https://cdn.contentful.com')).toBe('https://images.ctfassets.net/a.jpg');
  });

  it('maps back only safe paths', () => {
    expect(upstreamMediaUrl('http://s:1/', ['uploads', 'a.jpg'], '?w=1')).toBe('http://s:1/uploads/a.jpg?w=1');
    expect(upstreamMediaUrl('http://s', ['..', 'x'], '')).toBeNull();
    expect(upstreamMediaUrl('http://s', ['a%2F..'], '')).toBeNull();
    expect(upstreamMediaUrl('http://s', ['a b'], '')).toBeNull();
    expect(upstreamMediaUrl('http://s', [], '')).toBeNull();
  });
});
