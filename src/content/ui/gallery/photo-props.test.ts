import { describe, expect, it } from 'vitest';
import { artParams, placeholderBlurDataURL } from '@/content/placeholder-art';
import { placeholderImage } from '@/content/placeholders';
import { generatedGradientCss, photoProps } from './photo-props';

describe('photo attributes', () => {
  it('turns a generated blur placeholder into the same gradient in CSS, and leaves real blur images as URLs', () => {
    for (const seed of ['eliska-vojtech-2', 'uvod-hero', 'blog-destivy-den']) {
      const css = generatedGradientCss(placeholderBlurDataURL(seed, 1200, 900));
      expect(css).toMatch(/^linear-gradient\(\d{1,3}deg,#[0-9a-f]{6},#[0-9a-f]{6} 55%,#[0-9a-f]{6}\)$/);
      const deg = Number(/\((\d+)deg/.exec(css ?? '')?.[1]);
      const expected = (artParams(seed).angle + 90) % 360;
      expect(Math.min(Math.abs(deg - expected), 360 - Math.abs(deg - expected))).toBeLessThanOrEqual(1);
      for (const color of artParams(seed).palette.stops) expect(css).toContain(color);
    }
    expect(generatedGradientCss('data:image/webp;base64,UklGRh4AAABXRUJQVlA4')).toBeNull();
  });

  it('keeps no candidate below the smallest phone width when larger ones remain', () => {
    const img = placeholderImage('tereza-jakub-2', 1100, 850, 'Přípravy');
    const props = photoProps(img, { sizes: '(min-width: 64rem) 31vw, 100vw' });
    const widths = (props.srcSet ?? '').split(', ').map((p) => Number(/ (\d+)w$/.exec(p)?.[1]));
    expect(widths.length).toBeGreaterThanOrEqual(4);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(390);
    expect(props.style.backgroundImage).toMatch(/^linear-gradient\(/);
    // The LCP photo of the sample: ready-made AVIF variants instead of the optimiser.
    const lcp = photoProps(placeholderImage('uvod-hero', 2400, 1600, 'Hero'), { sizes: '100vw', priority: true });
    for (const part of (lcp.srcSet ?? '').split(', ')) expect(part).toMatch(/^\/api\/placeholder\/uvod-hero\/2400x1600\.w\d+ \d+w$/);
    expect(lcp.srcSet).not.toContain('/_next/image');
  });
});
