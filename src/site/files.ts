import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

export function contentDir(): string {
  return path.join(process.cwd(), 'content');
}

const cache = new Map<string, unknown>();

/** Read and validate one JSON content file (cached per process; content files change with a deploy). */
export function readContentJson<T>(file: string, schema: z.ZodType<T>): T {
  const hit = cache.get(file);
  if (hit) return hit as T;
  const full = path.join(contentDir(), file);
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(full, 'utf8')));
  if (!parsed.success) {
    throw new Error(`Content file ${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  cache.set(file, parsed.data);
  return parsed.data;
}
