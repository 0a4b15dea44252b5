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

  it('never leaves /uploads/, whatever encoding of a dot segment the router hands over (decoded once)', () => {
    const server = 'http://cms:1337';
    // What the router gives for /uploads/%252e./…, /uploads/.%252e/…, /uploads/%252E./…, /uploads/%252e%252e/…
    for (const dots of ['%2e.', '.%2e', '%2E.', '%2e%2e', '%2E%2E', '..', '.%2E']) {
      expect(upstreamMediaUrl(server, ['uploads', dots, 'secret-area', 'private.png'], '', 'uploads/'), dots).toBeNull();
      expect(upstreamMediaUrl(server, ['uploads', 'a', dots, dots, 'api', 'users'], '', 'uploads/'), dots).toBeNull();
    }
    // One more decoding by the upstream must not produce a dot segment either.
    expect(upstreamMediaUrl(server, ['uploads', '%252e%252e', 'x.png'], '', 'uploads/')).toBeNull();
    for (const s of ['a%2fb', 'a%5cb', 'a%00b', 'a%2Fb']) expect(upstreamMediaUrl(server, ['uploads', s], '', 'uploads/')).toBeNull();
    // Under a base path too.
    expect(upstreamMediaUrl('http://cms/base/', ['uploads', '%2e.', '%2e.', 'x.png'], '', 'uploads/')).toBeNull();
    expect(upstreamMediaUrl('http://cms/base/', ['uploads', 'x.png'], '?w=1', 'uploads/')).toBe('http://cms/base/uploads/x.png?w=1');
    // Dots inside a name are just a name.
    expect(upstreamMediaUrl(server, ['uploads', 'a%2e.jpg'], '', 'uploads/')).toBe('http://cms:1337/uploads/a%2e.jpg');
    expect(upstreamMediaUrl(server, ['uploads', 'svatba..jpg'], '', 'uploads/')).toBe('http://cms:1337/uploads/svatba..jpg');
  });
});
