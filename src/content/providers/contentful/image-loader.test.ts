import { describe, expect, it } from 'vitest';
import { contentfulImageLoader, contentfulLoader, imageLoaderFor, isContentfulImageUrl } from './image-loader';

describe('Contentful image loader', () => {
  const src = 'https://images.ctfassets.net/space/asset/hash/photo.jpg';

  it('asks the Images API for the width, quality and format', () => {
    expect(contentfulImageLoader({ src, width: 828, quality: 60 })).toBe(`${src}?w=828&q=60&fm=avif`);
    expect(contentfulLoader('webp')({ src, width: 390 })).toBe(`${src}?w=390&q=70&fm=webp`);
    expect(contentfulImageLoader({ src: `${src}?fit=fill`, width: 9000 })).toBe(`${src}?fit=fill&w=4000&q=70&fm=avif`);
    expect(contentfulImageLoader({ src: '//images.ctfassets.net/s/a/h/p.jpg', width: 100 })).toBe('https://images.ctfassets.net/s/a/h/p.jpg?w=100&q=70&fm=avif');
  });

  it('is used only for ctfassets images', () => {
    expect(isContentfulImageUrl(src)).toBe(true);
    expect(imageLoaderFor(src)).toBe(contentfulImageLoader);
    expect(imageLoaderFor('/api/placeholder/a-1/800x600.jpg')).toBeUndefined();
    expect(imageLoaderFor('https://images.ctfassets.net.evil.cz/x.jpg')).toBeUndefined();
    expect(imageLoaderFor('http://images.ctfassets.net/x.jpg')).toBeUndefined();
    expect(imageLoaderFor('not a url')).toBeUndefined();
  });
});
