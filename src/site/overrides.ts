/**
 * What the photographer saved in the admin, laid over the shipped `content/` files. The database is the store
 * (src/site/repositories/settings.server.ts); this module keeps the loaded values in memory so that every getter
 * (getSiteInfo, getTerms, getPricing, …) stays synchronous, and knows which file each settings section overrides.
 * Kept on globalThis: Next loads server modules more than once (route handlers vs pages), and all of them must see
 * one set of values. Without a database (scripts, unit tests) there are no overrides: the files alone.
 */

export const SECTIONS = ['photographer', 'pricing', 'faq', 'testimonials', 'terms', 'home'] as const;
export type Section = (typeof SECTIONS)[number];

/** The content file each section overrides, and the key inside it (none: the whole file). */
export const SECTION_FILES: Record<Section, { file: string; key?: string }> = {
  photographer: { file: 'site.json', key: 'photographer' },
  pricing: { file: 'pricing.json' },
  faq: { file: 'faq.json' },
  testimonials: { file: 'testimonials.json' },
  terms: { file: 'terms.json' },
  home: { file: 'home.json' },
};

export type Overrides = Partial<Record<Section, unknown>>;

interface Store {
  overrides: Overrides;
  /** Changes whenever the overrides do; parsed content is cached per version. */
  version: number;
}

const g = globalThis as unknown as { __siteOverrides?: Store };

function store(): Store {
  g.__siteOverrides ??= { overrides: {}, version: 0 };
  return g.__siteOverrides;
}

export function currentOverrides(): Overrides {
  return store().overrides;
}

export function overridesVersion(): number {
  return store().version;
}

export function setOverrides(overrides: Overrides): void {
  const s = store();
  s.overrides = overrides;
  s.version += 1;
}

/**
 * Runs `fn` (synchronous) as if `overrides` were saved, then restores the real ones: validation of a change sees the
 * whole candidate, e.g. a price list checked against changed terms, texts filled with a changed name.
 */
export function withOverrides<T>(overrides: Overrides, fn: () => T): T {
  const s = store();
  const saved = { overrides: s.overrides, version: s.version };
  s.overrides = overrides;
  s.version = -1 - Math.abs(saved.version);
  try {
    return fn();
  } finally {
    s.overrides = saved.overrides;
    s.version = saved.version;
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Objects merge key by key (recursively); anything else — arrays, numbers, strings, null — replaces. */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    out[k] = deepMerge(base[k], v);
  }
  return out;
}

/** The raw JSON of `file` with the saved overrides of its section laid over it. */
export function overlay(file: string, raw: unknown, overrides: Overrides = currentOverrides()): unknown {
  let out = raw;
  for (const section of SECTIONS) {
    const target = SECTION_FILES[section];
    const value = overrides[section];
    if (target.file !== file || value === undefined) continue;
    if (target.key) {
      const obj = isPlainObject(out) ? out : {};
      out = { ...obj, [target.key]: deepMerge(obj[target.key], value) };
    } else {
      out = deepMerge(out, value);
    }
  }
  return out;
}
