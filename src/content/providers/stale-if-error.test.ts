import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from '@/platform/log';
import { sampleWeddings } from '../sample-data';
import { clearContentErrors, clearContentOutages, contentOutage } from '../status';
import type { ContentSource, WeddingDetail } from '../types';
import { memorySnapshots, withStaleIfError } from './stale-if-error';

/** The stale-if-error rules over a source whose answers the test controls (the wire formats are tested elsewhere). */

function detail(slug: string, couple: string): WeddingDetail {
  return { id: slug, slug, couple, date: '2026-06-13', location: 'Mělník', shortDescription: '', year: 2026, favorite: false, story: '## Příběh', wedding_images: [{ id: `${slug}-1`, url: `/x/${slug}.jpg`, width: 800, height: 600, alternativeText: '', sizeHint: 'large' }] };
}

function source() {
  const state = { down: false, weddings: [detail('jana-petr', 'Jana & Petr')] };
  const fail = () => {
    if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:1337');
  };
  const src: ContentSource = {
    name: 'strapi',
    weddings: async () => (fail(), state.weddings.map(({ story: _s, wedding_images: _i, ...w }) => w)),
    wedding: async (slug) => (fail(), state.weddings.find((w) => w.slug === slug) ?? null),
    weddingById: async (id) => (fail(), state.weddings.find((w) => w.id === id) ?? null),
    posts: async () => (fail(), []),
    post: async () => (fail(), null),
    categories: async () => (fail(), []),
    probe: async () => ({ answered: !state.down, itemCount: state.weddings.length, durationMs: 0 }),
  };
  return { state, src };
}

beforeEach(() => {
  clearContentErrors();
  clearContentOutages();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('withStaleIfError', () => {
  it('serves the last good answers during an outage, logs it once when it starts and once when it ends', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(log, 'info').mockImplementation(() => undefined);
    const { state, src } = source();
    const p = withStaleIfError(src);
    const list = await p.getWeddings();
    expect(list.map((w) => w.slug)).toEqual(['jana-petr']);
    await p.getWedding('jana-petr');
    state.down = true;
    for (let i = 0; i < 3; i++) {
      expect(await p.getWeddings()).toEqual(list);
      expect((await p.getWedding('jana-petr'))?.couple).toBe('Jana & Petr');
      expect(await p.getWedding(sampleWeddings()[0].slug)).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][1]).toMatchObject({ source: 'strapi', error: 'connect ECONNREFUSED 127.0.0.1:1337' });
    expect(contentOutage('strapi')).toMatchObject({ failures: 9, message: 'connect ECONNREFUSED 127.0.0.1:1337' });
    state.down = false;
    state.weddings = [detail('jana-petr', 'Jana & Petr (nové)')];
    expect((await p.getWedding('jana-petr'))?.couple).toBe('Jana & Petr (nové)');
    expect(contentOutage('strapi')).toBeNull();
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('shows the samples on a cold start during an outage and while the source is empty; a deleted wedding is forgotten', async () => {
    vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    vi.spyOn(log, 'info').mockImplementation(() => undefined);
    const { state, src } = source();
    const snapshots = memorySnapshots();
    state.down = true;
    const cold = withStaleIfError(src, { snapshots });
    expect((await cold.getWeddings()).map((w) => w.slug)).toEqual(sampleWeddings().map((w) => w.slug));
    expect((await cold.getWedding(sampleWeddings()[0].slug))?.slug).toBe(sampleWeddings()[0].slug);
    expect(await cold.lastGoodWeddingCount()).toBeNull();
    state.down = false;
    await cold.getWedding('jana-petr');
    expect(snapshots.values.has('wedding:jana-petr')).toBe(true);
    state.weddings = [];
    expect(await cold.getWedding('jana-petr')).toBeNull();
    expect(snapshots.values.has('wedding:jana-petr')).toBe(false);
    expect((await cold.getWeddings()).map((w) => w.slug)).toEqual(sampleWeddings().map((w) => w.slug));
    expect(await cold.lastGoodWeddingCount()).toBe(0);
    expect((await cold.getWedding(sampleWeddings()[0].slug))?.slug).toBe(sampleWeddings()[0].slug);
  });

  it('ignores a stored answer of the wrong shape', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const { state, src } = source();
    const snapshots = memorySnapshots();
    snapshots.values.set('weddings', [{ nope: true }]);
    state.down = true;
    expect((await withStaleIfError(src, { snapshots }).getWeddings()).length).toBe(sampleWeddings().length);
    expect(warn.mock.calls.some(([m]) => String(m).includes('unexpected shape'))).toBe(true);
  });
});
