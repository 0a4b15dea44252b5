export const ROOT_LAYOUT_TAG: string;
export interface CacheValue {
  kind: string;
  html?: unknown;
  rscData?: unknown;
  segmentData?: unknown;
  status?: number;
  headers?: Record<string, string | string[] | number | undefined>;
}
export interface Entry {
  key: string;
  value: CacheValue;
  lastModified: number;
  tags: string[];
  cacheControl: unknown;
  size: number;
}
export function pagePathOf(pathname: string): string;
export function freshPageEntry(pathname: string, now?: number): Entry | null;
export function countFastHit(entry: Entry): void;
export function invalidateRenderCacheTags(tags: string[]): void;
export function onRenderCacheInvalidation(listener: (tags: string[]) => void): () => void;
export function renderCacheStats(): { entries: number; bytes: number; hits: number; misses: number; sets: number; evictions: number; fastHits: number };
export function attachPolicy(value: CacheValue): 'policy' | 'nonce' | 'empty' | 'not-a-page' | 'failed';
export const FAIL_CLOSED_POLICY: string;
export function pinChunkIntegrity(html: string): string;
export default class RenderCacheHandler {
  constructor(options?: { serverDistDir?: string });
  get(key: string): Promise<{ value: CacheValue; lastModified: number; cacheControl?: unknown } | null>;
  set(key: string, data: CacheValue | null, ctx?: { tags?: string[]; softTags?: string[]; cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
