import { afterEach, describe, expect, it, vi } from 'vitest';
import { cached, clearContentCache, contentCacheSize } from './cache';

afterEach(() => {
  clearContentCache();
  vi.useRealTimers();
});

describe('content cache', () => {
  it('returns the cached value while fresh and shares concurrent misses', async () => {
    let calls = 0;
    const fn = async () => ++calls;
    const [a, b] = await Promise.all([cached('k', 1000, fn), cached('k', 1000, fn)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cached('k', 1000, fn)).toBe(1);
  });

  it('serves the stale value once, refreshing in the background', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fn = async () => ++calls;
    expect(await cached('k', 1000, fn)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cached('k', 1000, fn)).toBe(1);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(await cached('k', 1000, fn)).toBe(2);
  });

  it('does not cache rejections', async () => {
    let calls = 0;
    const fn = async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return 'ok';
    };
    await expect(cached('k', 1000, fn)).rejects.toThrow('boom');
    expect(await cached('k', 1000, fn)).toBe('ok');
  });

  it('clear drops everything and an in-flight fetch from before the clear is not stored', async () => {
    let release: (v: string) => void = () => undefined;
    const slow = cached('k', 1000, () => new Promise<string>((r) => (release = r)));
    expect(clearContentCache()).toBe(1);
    release('old');
    expect(await slow).toBe('old');
    expect(await cached('k', 1000, async () => 'new')).toBe('new');
    expect(contentCacheSize()).toBe(1);
  });

  it('keys are independent', async () => {
    expect(await cached('local#weddings', 1000, async () => 'local')).toBe('local');
    expect(await cached('strapi|x#weddings', 1000, async () => 'strapi')).toBe('strapi');
  });
});
