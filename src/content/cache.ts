/**
 * In-memory content cache with time-based revalidation (stale-while-revalidate), per process.
 *
 * - A fresh entry is returned as is.
 * - A stale entry is returned at once while one background refresh replaces it (visitors never wait on the
 *   CMS once the cache is warm; a failing refresh keeps the last good value, and providers fall back anyway).
 * - Concurrent misses share one request.
 * - Rejections are never cached.
 * - `clearContentCache()` (the /api/revalidate webhook) drops everything; refreshes started before the clear
 *   cannot write their old result back.
 *
 * Kept on globalThis: Next loads server modules more than once (route handlers vs pages), and the webhook
 * must clear the same store the pages read.
 */

interface Entry {
  value?: unknown;
  hasValue: boolean;
  fetchedAt: number;
  pending?: Promise<unknown>;
}

interface Store {
  entries: Map<string, Entry>;
  generation: number;
}

const g = globalThis as unknown as { __contentCache?: Store };

function store(): Store {
  if (!g.__contentCache) g.__contentCache = { entries: new Map(), generation: 0 };
  return g.__contentCache;
}

/** At most this many keys (slugs come from URLs; an attacker must not grow the map without bound). */
const MAX_ENTRIES = 2000;

function refresh<T>(key: string, entry: Entry, fn: () => Promise<T>): Promise<T> {
  const s = store();
  const generation = s.generation;
  const p = fn().then(
    (value) => {
      if (s.generation === generation && s.entries.get(key) === entry) {
        entry.value = value;
        entry.hasValue = true;
        entry.fetchedAt = Date.now();
      }
      entry.pending = undefined;
      return value;
    },
    (err: unknown) => {
      entry.pending = undefined;
      if (!entry.hasValue && s.entries.get(key) === entry) s.entries.delete(key);
      throw err;
    },
  );
  entry.pending = p;
  return p;
}

export async function cached<T>(key: string, ttlMs: number, fn: () => Promise<T>): Promise<T> {
  const s = store();
  let entry = s.entries.get(key);
  if (!entry) {
    if (s.entries.size >= MAX_ENTRIES) {
      // Drop the oldest insertion (Map keeps insertion order).
      const oldest = s.entries.keys().next().value;
      if (oldest !== undefined) s.entries.delete(oldest);
    }
    entry = { hasValue: false, fetchedAt: 0 };
    s.entries.set(key, entry);
  }
  if (entry.hasValue) {
    if (Date.now() - entry.fetchedAt >= ttlMs && !entry.pending) {
      // Background refresh; its failure is already logged by the provider and the stale value stays.
      refresh(key, entry, fn).catch(() => undefined);
    }
    return entry.value as T;
  }
  if (entry.pending) return entry.pending as Promise<T>;
  return refresh(key, entry, fn);
}

/** Drops every cached value (webhook, tests). Returns how many keys were dropped. */
export function clearContentCache(): number {
  const s = store();
  const n = s.entries.size;
  s.entries.clear();
  s.generation++;
  return n;
}

export function contentCacheSize(): number {
  return store().entries.size;
}
