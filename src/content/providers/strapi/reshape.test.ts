import { describe, expect, it } from 'vitest';
import { mediaUrl, reshapeMedia, reshapeWedding, richText } from './reshape';
import { unwrap } from './schema';

describe('Strapi reshape', () => {
  it('joins relative upload URLs to the server URL, not the /api prefix', () => {
    expect(mediaUrl('/uploads/a.jpg', 'http://localhost:1337')).toBe('http://localhost:1337/uploads/a.jpg');
    expect(mediaUrl('/uploads/a.jpg', 'https://cms.example.cz/')).toBe('https://cms.example.cz/uploads/a.jpg');
    expect(mediaUrl('https://cdn.example.cz/a.jpg', 'http://localhost:1337')).toBe('https://cdn.example.cz/a.jpg');
    expect(mediaUrl('//cdn.example.cz/a.jpg', 'http://localhost:1337')).toBe('https://cdn.example.cz/a.jpg');
  });

  it('unwraps v4 data/attributes wrappers recursively', () => {
    expect(
      unwrap({ id: 1, attributes: { couple: 'A & B', cover: { data: { id: 5, attributes: { url: '/u.jpg' } } }, images: { data: [{ id: 6, attributes: { url: '/v.jpg' } }] }, empty: { data: null } } }),
    ).toEqual({ id: 1, couple: 'A & B', cover: { id: 5, url: '/u.jpg' }, images: [{ id: 6, url: '/v.jpg' }], empty: null });
    // v5 shapes pass through.
    expect(unwrap({ id: 1, documentId: 'x', cover: { id: 2, url: '/u.jpg' } })).toEqual({ id: 1, documentId: 'x', cover: { id: 2, url: '/u.jpg' } });
  });

  it('skips media without size or of another type', () => {
    const ctx = { serverUrl: 'http://s' };
    expect(reshapeMedia({ url: '/a.pdf', mime: 'application/pdf', width: 1, height: 1 }, 0, ctx)).toBeNull();
    expect(reshapeMedia({ url: '/a.jpg' }, 0, ctx)).toBeNull();
    expect(reshapeMedia({ nourl: true }, 0, ctx)).toBeNull();
    expect(reshapeMedia({ id: 3, url: '/a.jpg', width: 10, height: 20, alternativeText: null }, 4, ctx)).toMatchObject({ id: '3', url: 'http://s/a.jpg', alternativeText: '', sizeHint: 'medium' });
  });

  it('turns v5 blocks into Markdown', () => {
    expect(
      richText([
        { type: 'heading', level: 3, children: [{ type: 'text', text: 'Nadpis' }] },
        { type: 'paragraph', children: [{ type: 'text', text: 'A ' }, { type: 'link', url: 'https://x.cz', children: [{ type: 'text', text: 'odkaz' }] }, { type: 'text', text: ' tučně', bold: true }] },
        { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'jedna' }] }, { type: 'list-item', children: [{ type: 'text', text: 'dvě' }] }] },
        { type: 'quote', children: [{ type: 'text', text: 'citát', italic: true }] },
      ]),
    ).toBe('### Nadpis\n\nA [odkaz](https://x.cz) **tučně**\n\n1. jedna\n2. dvě\n\n> *citát*');
    expect(richText('plain **md**')).toBe('plain **md**');
    expect(richText(42)).toBe('');
  });

  it('applies the wedding fallbacks to a minimal v3 item (Mongo _id)', () => {
    expect(reshapeWedding({ _id: '5f1a', slug: 'x' }, { serverUrl: 'http://s' })).toMatchObject({ id: '5f1a', couple: 'Unnamed Couple', slug: 'x' });
  });
});
