import { describe, expect, it } from 'vitest';
import { placeholderGallery } from '@/content/placeholders';
import type { Image } from '@/content/types';
import { galleryItem, gallerySlice, galleryVersion } from './gallery-items.server';
import { galleryErrorMessage, isGallerySlice } from './gallery-types';
import { expandImg } from './compact-img';

const images: Image[] = Array.from({ length: 3 }, () => placeholderGallery({ slug: 'slice-test', couple: 'Test' })).flat().map((img, i) => ({ ...img, id: `p${i}` }));

describe('gallery pages for GET /api/weddings/{slug}/fotografie', () => {
  const v = galleryVersion(images);

  it('answers a page of all photos with the thumbnails the first render uses', () => {
    const r = gallerySlice(images, { version: v, page: 2 }, 24);
    if (!r.ok) throw new Error(r.message);
    expect(r.slice.pages).toBe(Math.ceil(images.length / 24));
    expect(r.slice.items.map((it) => it.n)).toEqual(Array.from({ length: 24 }, (_, i) => 24 + i));
    expect(r.slice.items[0]).toEqual(galleryItem(images[24], 24));
    expect('c' in r.slice.items[0].thumb).toBe(true);
    expect(expandImg(r.slice.items[0].thumb).srcSet).toMatch(/ \d+w, /);
    expect(r.slice.items[0].thumb.loading).toBe('lazy');
  });

  it('pages one category over the whole gallery', () => {
    const slug = images[0].category?.slug ?? '';
    const all = images.flatMap((img, n) => (img.category?.slug === slug ? [n] : []));
    const collected: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 5); page++) {
      const r = gallerySlice(images, { version: v, page, category: slug }, 5);
      if (!r.ok) throw new Error(r.message);
      collected.push(...r.slice.items.map((it) => it.n));
    }
    expect(collected).toEqual(all);
  });

  it('refuses a stale digest, an unknown category and a page past the end with Czech messages', () => {
    const stale = gallerySlice(images, { version: '0123456789abcdef', page: 1 });
    expect(stale).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('Galerie se mezitím změnila') });
    expect(gallerySlice(images, { version: v, page: 1, category: 'neni' })).toMatchObject({ ok: false, status: 404 });
    expect(gallerySlice(images, { version: v, page: 99 })).toMatchObject({ ok: false, status: 404, message: expect.stringContaining('Galerie má jen') });
    // Czech plural through czechCount: 1 stránku, 2–4 stránky, 5+ stránek.
    expect(gallerySlice(images, { version: v, page: 99 }, images.length)).toMatchObject({ message: 'Galerie má jen 1\u00a0stránku.' });
    expect(gallerySlice(images, { version: v, page: 99 }, 1)).toMatchObject({ message: `Galerie má jen ${images.length}\u00a0stránek.` });
  });

  it('changes the digest when a photo changes', () => {
    expect(galleryVersion(images)).toBe(v);
    expect(galleryVersion(images.map((img, i) => (i === 5 ? { ...img, alternativeText: 'jiný popis' } : img)))).not.toBe(v);
    expect(galleryVersion(images.slice(1))).not.toBe(v);
  });

  it("the browser's guard accepts the route's answer (through JSON) and refuses anything else", () => {
    const r = gallerySlice(images, { version: v, page: 1 }, 24);
    if (!r.ok) throw new Error(r.message);
    const wire: unknown = JSON.parse(JSON.stringify(r.slice));
    expect(isGallerySlice(wire)).toBe(true);
    const broken = JSON.parse(JSON.stringify(r.slice)) as { items: { thumb: Record<string, unknown> }[] };
    broken.items[3].thumb.c = { t: 42, ws: [390] };
    expect(isGallerySlice(broken)).toBe(false);
    expect(isGallerySlice({ ...r.slice, items: [{ ...r.slice.items[0], sizeHint: 'huge' }] })).toBe(false);
    expect(isGallerySlice({ ...r.slice, items: [{ ...r.slice.items[0], n: -1 }] })).toBe(false);
    expect(isGallerySlice(null)).toBe(false);
    expect(isGallerySlice('<html>')).toBe(false);
    expect(galleryErrorMessage({ data: null, error: { status: 409, name: 'ConflictError', message: 'Galerie se mezitím změnila.' } })).toBe('Galerie se mezitím změnila.');
    expect(galleryErrorMessage({ error: 'x' })).toBeNull();
  });
});
