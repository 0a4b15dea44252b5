import { log } from '@/platform/log';
import { placeholderGallery } from '../placeholders';
import { sampleWeddingById, sampleWeddingBySlug, sampleWeddings, withPlaceholderGallery } from '../sample-data';
import { recordContentError } from '../status';
import type { ContentSourceName, Wedding, WeddingDetail } from '../types';
import { ContentFetchError } from './http';

/**
 * The fallback rules of docs/spec.md §4/§8, shared by the remote providers:
 * - list: errors or no items → the sample weddings; the list never throws;
 * - detail: a remote miss or error → the sample wedding with that slug/id; absent there → null;
 *   it throws only if the fallback itself fails;
 * - a detail without images gets the placeholder gallery (and a list entry without a cover its first image).
 * Every failure is logged with context and recorded for the diagnostics page.
 */

function errorContext(err: unknown): Record<string, unknown> {
  if (err instanceof ContentFetchError) return { status: err.status, body: err.body, error: err.message };
  return { error: err };
}

export function reportContentError(source: ContentSourceName, context: string, err: unknown): void {
  recordContentError(source, context, err);
  log.warn(`content: ${source} ${context} failed, using the built-in sample data`, { source, context, ...errorContext(err) });
}

export async function listWithFallback(source: ContentSourceName, fetchList: () => Promise<Wedding[]>): Promise<Wedding[]> {
  try {
    const list = await fetchList();
    // A wedding without any image gets the cover its detail page will show (the first placeholder).
    if (list.length > 0) return list.map((w) => (w.coverImage ? w : { ...w, coverImage: placeholderGallery(w)[0] }));
    log.warn(`content: ${source} returned no weddings, using the built-in sample weddings`, { source });
  } catch (err) {
    reportContentError(source, 'list', err);
  }
  return sampleWeddings();
}

export async function detailWithFallback(
  source: ContentSourceName,
  key: { slug: string } | { id: string },
  fetchDetail: () => Promise<WeddingDetail | null>,
): Promise<WeddingDetail | null> {
  const context = 'slug' in key ? `detail slug=${key.slug}` : `detail id=${key.id}`;
  try {
    const remote = await fetchDetail();
    if (remote) return withPlaceholderGallery(remote);
  } catch (err) {
    reportContentError(source, context, err);
  }
  try {
    return 'slug' in key ? sampleWeddingBySlug(key.slug) : sampleWeddingById(key.id);
  } catch (err) {
    throw new Error(`content: ${source} ${context}: the sample fallback failed too`, { cause: err });
  }
}

/** Runs `fn` and measures it; used by the providers' probe(). */
export async function timedProbe(fn: () => Promise<number>): Promise<{ answered: boolean; itemCount: number; error?: string; durationMs: number }> {
  const started = Date.now();
  try {
    const itemCount = await fn();
    return { answered: true, itemCount, durationMs: Date.now() - started };
  } catch (err) {
    return { answered: false, itemCount: 0, error: err instanceof Error ? err.message : String(err), durationMs: Date.now() - started };
  }
}
