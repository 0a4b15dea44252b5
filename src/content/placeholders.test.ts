import { describe, expect, it } from 'vitest';
import { artParams, hashString, placeholderBlurDataURL, placeholderSvg, seededRandom } from './placeholder-art';
import { SAMPLE_CATEGORIES, categoryFor, placeholderGallery, sizeHintFor } from './placeholders';
import { SAMPLE_WEDDINGS } from './sample-weddings';

const weddings = [
  ...SAMPLE_WEDDINGS.map((w) => ({ slug: w.slug as string, couple: w.couple as string })),
  // Many more slugs, so the count/size ranges are exercised, not just five draws.
  ...Array.from({ length: 300 }, (_, i) => ({ slug: `svatba-${i}`, couple: `Nevěsta ${i} & Ženich ${i}` })),
];

describe('placeholder gallery', () => {
  it('has 20–29 images per wedding and uses the whole range across weddings', () => {
    const counts = new Set<number>();
    for (const w of weddings) {
      const n = placeholderGallery(w).length;
      expect(n).toBeGreaterThanOrEqual(20);
      expect(n).toBeLessThanOrEqual(29);
      counts.add(n);
    }
    expect([...counts].sort((a, b) => a - b)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
  });

  it('keeps width in 800–1599 and height in 600–1399', () => {
    let minW = Infinity, maxW = 0, minH = Infinity, maxH = 0;
    for (const w of weddings) {
      for (const img of placeholderGallery(w)) {
        expect(Number.isInteger(img.width) && Number.isInteger(img.height)).toBe(true);
        minW = Math.min(minW, img.width); maxW = Math.max(maxW, img.width);
        minH = Math.min(minH, img.height); maxH = Math.max(maxH, img.height);
      }
    }
    expect(minW).toBeGreaterThanOrEqual(800);
    expect(maxW).toBeLessThanOrEqual(1599);
    expect(minH).toBeGreaterThanOrEqual(600);
    expect(maxH).toBeLessThanOrEqual(1399);
    // Random, not constant: the range is actually used.
    expect(maxW - minW).toBeGreaterThan(700);
    expect(maxH - minH).toBeGreaterThan(700);
  });

  it('cycles categories every 3 images through all seven categories', () => {
    const gallery = placeholderGallery({ slug: 'tereza-jakub', couple: 'Tereza & Jakub' });
    const slugs = gallery.map((i) => i.category?.slug);
    expect(slugs.slice(0, 9)).toEqual(['pripravy', 'pripravy', 'pripravy', 'obrad', 'obrad', 'obrad', 'portrety', 'portrety', 'portrety']);
    gallery.forEach((img, i) => expect(img.category).toEqual(SAMPLE_CATEGORIES[Math.floor(i / 3) % 7]));
    expect(categoryFor(21)).toEqual(SAMPLE_CATEGORIES[0]);
    expect(SAMPLE_CATEGORIES.map((c) => c.slug)).toEqual(['pripravy', 'obrad', 'portrety', 'hostina', 'tanec', 'detaily', 'vecer']);
    expect(SAMPLE_CATEGORIES.map((c) => c.name)).toEqual(['Přípravy', 'Obřad', 'Portréty', 'Hostina', 'Tanec', 'Detaily', 'Večer']);
    for (const c of SAMPLE_CATEGORIES) expect(c.id).toBe(`category-${c.slug}`);
  });

  it('gives size hints by position modulo 6 (0,5 large; 1,4 medium; else small)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 11, 12].map(sizeHintFor)).toEqual(['large', 'medium', 'small', 'small', 'medium', 'large', 'large', 'medium', 'large', 'large']);
    const gallery = placeholderGallery({ slug: 'lucie-martin', couple: 'Lucie & Martin' });
    gallery.forEach((img, i) => expect(img.sizeHint).toBe(sizeHintFor(i)));
  });

  it('is deterministic per wedding and differs between weddings', () => {
    const a1 = placeholderGallery({ slug: 'tereza-jakub', couple: 'Tereza & Jakub' });
    const a2 = placeholderGallery({ slug: 'tereza-jakub', couple: 'Tereza & Jakub' });
    const b = placeholderGallery({ slug: 'lucie-martin', couple: 'Lucie & Martin' });
    expect(a2).toEqual(a1);
    expect(b.map((i) => i.url)).not.toEqual(a1.map((i) => i.url));
  });

  it('serves site-relative image URLs, unique ids, Czech alt text and a tiny blur placeholder', () => {
    const gallery = placeholderGallery({ slug: 'tereza-jakub', couple: 'Tereza & Jakub' });
    expect(gallery[3].alternativeText).toBe('Obřad – Tereza a Jakub, fotografie 4');
    expect(new Set(gallery.map((i) => i.id)).size).toBe(gallery.length);
    for (const [i, img] of gallery.entries()) {
      expect(img.url).toBe(`/api/placeholder/tereza-jakub-${i + 1}/${img.width}x${img.height}.jpg`);
      expect(img.blurDataURL).toMatch(/^data:image\/svg\+xml,%3Csvg /);
      expect(img.blurDataURL!.length).toBeLessThan(400);
    }
  });

  it('makes unsafe slugs URL-safe', () => {
    const [img] = placeholderGallery({ slug: 'Žluťoučký kůň/../x', couple: 'A & B' });
    expect(img.url).toMatch(/^\/api\/placeholder\/[a-z0-9-]+-1\/\d+x\d+\.jpg$/);
  });
});

describe('placeholder artwork', () => {
  it('is a pure function of the seed', () => {
    expect(placeholderSvg('tereza-jakub-3', 800, 600)).toBe(placeholderSvg('tereza-jakub-3', 800, 600));
    expect(placeholderSvg('tereza-jakub-3', 800, 600)).not.toBe(placeholderSvg('tereza-jakub-4', 800, 600));
    expect(placeholderBlurDataURL('x-1', 800, 600)).toBe(placeholderBlurDataURL('x-1', 800, 600));
  });

  it('shares the base palette within a wedding and contains no text', () => {
    expect(artParams('tereza-jakub-1').palette).toEqual(artParams('tereza-jakub-17').palette);
    const svg = placeholderSvg('eliska-vojtech-2', 1200, 900);
    expect(svg).not.toMatch(/<text/);
    expect(svg).toMatch(/<circle/);
    // The blur uses the same gradient as the full image.
    const gradient = /<linearGradient id="bg" x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)">([\s\S]*?)<\/linearGradient>/.exec(svg)!;
    const blur = decodeURIComponent(placeholderBlurDataURL('eliska-vojtech-2', 1200, 900).slice('data:image/svg+xml,'.length));
    expect(blur).toContain(`x1='${gradient[1]}' y1='${gradient[2]}' x2='${gradient[3]}' y2='${gradient[4]}'`);
    for (const color of gradient[5].match(/#[0-9a-f]{6}/g) ?? []) expect(blur).toContain(`stop-color='${color}'`);
  });

  it('has a stable hash and PRNG', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    const r = seededRandom('abc');
    const xs = Array.from({ length: 1000 }, r);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom('abc')()).toBe(xs[0]);
  });
});
