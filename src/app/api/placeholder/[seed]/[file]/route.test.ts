import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { GET } from './route';
import { placeholderVariantLoader } from '@/content/placeholder-variants';

// The per-client render budget lives in the database (covered against the real server in
// tests/e2e/security-misc.e2e.ts); without one the route still renders.
vi.mock('@/db/db.server', () => ({ getDb: () => Promise.reject(new Error('no database in this unit test')) }));

function call(seed: string, file: string, accept = 'image/avif,image/webp,*/*') {
  return GET(new Request(`http://localhost/api/placeholder/${seed}/${file}`, { headers: { accept } }), { params: Promise.resolve({ seed, file }) });
}

describe('GET /api/placeholder/[seed]/[file]', () => {
  it('renders a small, immutable-cached JPEG of the requested size', async () => {
    const res = await call('tereza-jakub-7', '1200x900.jpg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.length).toBeLessThan(40_000);
    const meta = await sharp(buf).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    // Not a flat grey box: real colour variation, and not grey (channels differ).
    const stats = await sharp(buf).stats();
    expect(stats.channels.some((c) => c.stdev > 4)).toBe(true);
    const means = stats.channels.slice(0, 3).map((c) => c.mean);
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(3);
  });

  it('serves the ready-made AVIF variant of a width the LCP loader asks for', async () => {
    const url = placeholderVariantLoader({ src: '/api/placeholder/uvod-hero/2400x1600.jpg', width: 800, quality: 75 });
    expect(url).toBe('/api/placeholder/uvod-hero/2400x1600.w828');
    const res = await call('uvod-hero', '2400x1600.w828');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'heif', width: 828, height: 552 });
    expect(res.headers.get('vary')).toBe('Accept');
    // A browser that does not take AVIF gets WebP from the same address.
    const webp = await call('uvod-hero', '2400x1600.w828', 'image/webp,*/*');
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 828 });
    // An original narrower than the largest width gets its own width as the last variant.
    expect(placeholderVariantLoader({ src: '/api/placeholder/a-1/1200x900.jpg', width: 1920, quality: 75 })).toBe('/api/placeholder/a-1/1200x900.w1200');
  });

  it('returns the same bytes for the same URL', async () => {
    const a = Buffer.from(await (await call('lucie-martin-2', '800x600.jpg')).arrayBuffer());
    const b = Buffer.from(await (await call('lucie-martin-2', '800x600.jpg')).arrayBuffer());
    expect(a.equals(b)).toBe(true);
  });

  it.each([
    ['tereza-jakub-1', '99999x900.jpg', /Rozměry obrázku/],
    ['tereza-jakub-1', '2401x900.jpg', /Rozměry obrázku/],
    ['tereza-jakub-1', '10x10.jpg', /Rozměry obrázku/],
    // Within each side's bound, but more pixels than any image the site shows.
    ['tereza-jakub-1', '2400x2400.jpg', /nejvýše/],
    ['tereza-jakub-1', '800x600.png', /Neplatný název souboru/],
    ['tereza-jakub-1', 'abc', /Neplatný název souboru/],
    ['../etc', '800x600.jpg', /Neplatný identifikátor/],
    ['Velká', '800x600.jpg', /Neplatný identifikátor/],
    // Ready-made variants only at the offered widths, never wider than the original.
    ['uvod-hero', '2400x1600.w500', /šířku/],
    ['tereza-jakub-1', '800x600.w828', /šířku/],
    ['tereza-jakub-1', '800x600.w828.avif', /Neplatný název souboru/],
  ])('rejects %s/%s with a Czech 400', async (seed, file, message) => {
    const res = await call(seed, file);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
  });
});
