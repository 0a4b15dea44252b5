import { describe, expect, it } from 'vitest';
import { claimReload, isChunkLoadFailure, RELOAD_GUARD_MS } from './reload-guard';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('reload guard (docs/spec.md §9: 10 000 ms per path)', () => {
  it('allows one reload per path per 10 s', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    const s = memoryStore();
    expect(claimReload('/portfolio', 1_000, s)).toBe(true);
    expect(claimReload('/portfolio', 1_000 + 9_999, s)).toBe(false);
    expect(claimReload('/cenik', 5_000, s)).toBe(true);
    expect(claimReload('/portfolio', 1_000 + 10_000, s)).toBe(true);
  });

  it('never reloads without session storage', () => {
    expect(claimReload('/', 0, null)).toBe(false);
  });

  it('recognises chunk-load failures', () => {
    expect(isChunkLoadFailure(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadFailure(new Error('Failed to load chunk /_next/static/chunks/abc.js from module 123'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://x/_next/static/chunks/a.js'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadFailure(null)).toBe(false);
  });
});
