import { describe, expect, it } from 'vitest';
import { safeFileName } from './input';
import { negotiateFormat, parsePhotoUrl, parseVariantFile, photoUrl, studioImageLoader, variantWidthsFor } from './variants';

const ID = '0b6f5f3e-2c1a-4d8e-9f00-123456789abc';

describe('studio variants', () => {
  it('produces the standard widths below the photo and never enlarges', () => {
    expect(variantWidthsFor(6000)).toEqual([384, 828, 1440, 1920]);
    expect(variantWidthsFor(1920)).toEqual([384, 828, 1440, 1920]);
    expect(variantWidthsFor(1000)).toEqual([384, 828, 1000]);
    expect(variantWidthsFor(300)).toEqual([300]);
  });

  it('maps every width next/image asks for to the nearest pre-made variant at least as wide', () => {
    const src = photoUrl(ID, 1920);
    expect(studioImageLoader({ src, width: 96 })).toBe(`/api/photos/${ID}/384`);
    expect(studioImageLoader({ src, width: 640 })).toBe(`/api/photos/${ID}/828`);
    expect(studioImageLoader({ src, width: 1080 })).toBe(`/api/photos/${ID}/1440`);
    expect(studioImageLoader({ src, width: 3840 })).toBe(`/api/photos/${ID}/1920`);
    expect(studioImageLoader({ src: photoUrl(ID, 1000), width: 1920 })).toBe(`/api/photos/${ID}/1000`);
  });

  it('recognises only its own URLs and file names', () => {
    expect(parsePhotoUrl(`/api/photos/${ID}/1920`)).toEqual({ photoId: ID, width: 1920 });
    expect(parsePhotoUrl('/api/photos/../etc/1920')).toBeNull();
    expect(parsePhotoUrl('/api/placeholder/x/800x600.jpg')).toBeNull();
    expect(parseVariantFile('828.webp')).toEqual({ width: 828, format: 'webp' });
    expect(parseVariantFile('828')).toEqual({ width: 828, format: null });
    expect(parseVariantFile('original')).toBeNull();
    expect(parseVariantFile('828.png')).toBeNull();
  });

  it('negotiates AVIF, then WebP, then JPEG', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,*/*;q=0.8')).toBe('avif');
    expect(negotiateFormat('image/webp,*/*')).toBe('webp');
    expect(negotiateFormat('*/*')).toBe('jpg');
    expect(negotiateFormat(null)).toBe('jpg');
  });

  it('keeps only the last segment of an uploaded file name, without control characters', () => {
    expect(safeFileName('../../etc/passwd.jpg')).toBe('passwd.jpg');
    expect(safeFileName('C:\\Users\\anna\\IMG_1.JPG')).toBe('IMG_1.JPG');
    expect(safeFileName('a\u0000b.jpg')).toBe('ab.jpg');
    expect(safeFileName('...')).toBe('fotografie');
    expect(safeFileName(undefined)).toBe('fotografie');
  });
});
