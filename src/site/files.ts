import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { overlay, overridesVersion } from './overrides';

export function contentDir(): string {
  return path.join(process.cwd(), 'content');
}

const rawCache = new Map<string, unknown>();
const cache = new Map<string, { version: number; value: unknown }>();

/** The shipped file as JSON (cached per process; content files change with a deploy). */
export function readRawContentJson(file: string): unknown {
  if (rawCache.has(file)) return rawCache.get(file);
  const raw: unknown = JSON.parse(fs.readFileSync(path.join(contentDir(), file), 'utf8'));
  rawCache.set(file, raw);
  return raw;
}

/**
 * Read and validate one JSON content file, with what the photographer saved in the admin laid over it
 * (src/site/overrides.ts). Cached until the saved settings change.
 */
export function readContentJson<T>(file: string, schema: z.ZodType<T>): T {
  const version = overridesVersion();
  const hit = cache.get(file);
  if (hit && hit.version === version) return hit.value as T;
  const parsed = schema.safeParse(overlay(file, readRawContentJson(file)));
  if (!parsed.success) {
    throw new Error(`Content file ${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  // A candidate being validated (negative version) is never cached.
  if (version >= 0) cache.set(file, { version, value: parsed.data });
  return parsed.data;
}
