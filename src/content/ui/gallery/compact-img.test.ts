import { describe, expect, it } from 'vitest';
import { compactImg, expandImg } from './compact-img';
import type { PhotoImgProps } from './photo-props';

const base: Omit<PhotoImgProps, 'src' | 'srcSet'> = { alt: 'Obřad', width: 1100, height: 850, loading: 'lazy', decoding: 'async', sizes: '100vw', style: { backgroundImage: 'url("data:x")' } };
const optimiser = (w: number) => `/_next/image?url=%2Fapi%2Fplaceholder%2Ftereza-jakub-2%2F1100x850.jpg&w=${w}&q=75`;
const widths = [256, 384, 390, 640, 828, 1080, 1440, 1920];

describe('compact <img> attributes for client components', () => {
  it('sends a srcset of one URL pattern as a template and its widths, and writes back exactly the same attributes', () => {
    const img: PhotoImgProps = { ...base, src: optimiser(1920), srcSet: widths.map((w) => `${optimiser(w)} ${w}w`).join(', ') };
    const compact = compactImg(img);
    expect(compact).toMatchObject({ c: { ws: widths } });
    expect('src' in compact).toBe(false);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(img).length / 2);
    expect(expandImg(compact)).toEqual(img);
    expect(expandImg(compact)).toBe(expandImg(compact));
  });

  it('finds the width where the URL carries it, not where the same digits appear earlier', () => {
    // The seed and the original size contain "640" before the width parameter does.
    const url = (w: number) => `/api/media/studio/p640/640x480-${w}.avif`;
    const img: PhotoImgProps = { ...base, src: url(1080), srcSet: [640, 828, 1080].map((w) => `${url(w)} ${w}w`).join(', ') };
    expect(expandImg(compactImg(img))).toEqual(img);
  });

  it('keeps the attributes as they are when the candidates are not one pattern or src is not the largest', () => {
    const mixed: PhotoImgProps = { ...base, src: '/b.jpg', srcSet: '/a-390.jpg 390w, /b.jpg 828w' };
    expect(compactImg(mixed)).toBe(mixed);
    const odd: PhotoImgProps = { ...base, src: optimiser(640), srcSet: [390, 828].map((w) => `${optimiser(w)} ${w}w`).join(', ') };
    expect(compactImg(odd)).toBe(odd);
    const plain: PhotoImgProps = { ...base, src: '/x.svg' };
    expect(compactImg(plain)).toBe(plain);
    expect(expandImg(plain)).toBe(plain);
  });
});
