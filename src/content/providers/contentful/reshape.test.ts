import { describe, expect, it } from 'vitest';
import { absoluteUrl, linkContext, parseItems, reshapeWedding, richTextToMarkdown } from './reshape';
import { collectionSchema } from './schema';

describe('Contentful reshape', () => {
  it('prefixes protocol-relative URLs with https:', () => {
    expect(absoluteUrl('//images.ctfassets.net/a.jpg')).toBe('https://images.ctfassets.net/a.jpg');
    expect(absoluteUrl('https://x/a.jpg')).toBe('https://x/a.jpg');
  });

  it('drops links named in errors[] and malformed items, never crashing', () => {
    const body = collectionSchema.parse({
      sys: { type: 'Array' },
      items: [
        { sys: { id: 'w1', type: 'Entry', contentType: { sys: { id: 'wedding' } } }, fields: { couple: 'A & B', coverImage: { sys: { type: 'Link', linkType: 'Asset', id: 'gone' } } } },
        { broken: true },
      ],
      includes: { Asset: [{ sys: { id: 'gone' }, fields: { file: { url: '//x/y.jpg', details: { image: { width: 1, height: 1 } } } } }, { sys: { id: 'bad' } }] },
      errors: [{ sys: { id: 'notResolvable', type: 'error' }, details: { type: 'Link', linkType: 'Asset', id: 'gone' } }],
    });
    const items = parseItems(body.items);
    expect(items).toHaveLength(1);
    const ctx = linkContext(body, items);
    expect(ctx.assets.size).toBe(0);
    const w = reshapeWedding(items[0], ctx);
    expect(w).toMatchObject({ id: 'w1', couple: 'A & B', slug: 'a-b' });
    expect(w.coverImage).toBeUndefined();
  });

  it('converts Rich Text lists, links and quotes', () => {
    const doc = {
      nodeType: 'document',
      content: [
        { nodeType: 'unordered-list', content: [{ nodeType: 'list-item', content: [{ nodeType: 'paragraph', content: [{ nodeType: 'text', value: 'a' }] }] }] },
        { nodeType: 'paragraph', content: [{ nodeType: 'hyperlink', data: { uri: 'https://x.cz' }, content: [{ nodeType: 'text', value: 'odkaz', marks: [{ type: 'italic' }] }] }] },
        { nodeType: 'blockquote', content: [{ nodeType: 'paragraph', content: [{ nodeType: 'text', value: 'citát' }] }] },
      ],
    };
    expect(richTextToMarkdown(doc)).toBe('- a\n\n[*odkaz*](https://x.cz)\n\n> citát');
  });
});
