/**
 * docs/spec.md §2/§9: a full reload for a path happens at most once per 10 s, remembered in sessionStorage, so a new
 * build, a broken chunk or a stale cache can never cause a reload loop.
 */
export const RELOAD_GUARD_MS = 10_000;
const PREFIX = 'build-reload:';

type KeyValueStore = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function store(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True (and the reload is recorded) when `path` was not force-reloaded within the last 10 s. */
export function claimReload(path: string, now = Date.now(), storage: KeyValueStore | null = store()): boolean {
  // Without sessionStorage there is no way to prevent a loop: never force a reload.
  if (!storage) return false;
  const key = PREFIX + path;
  const stored = storage.getItem(key);
  const last = stored === null ? NaN : Number(stored);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS && now >= last) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  return true;
}

/** The kinds of failures that mean "this page's code is from a build that is gone". */
export function isChunkLoadFailure(reason: unknown): boolean {
  const e = reason as { name?: unknown; message?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : '';
  const message = typeof e?.message === 'string' ? e.message : typeof reason === 'string' ? reason : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w/.-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(message)
  );
}
