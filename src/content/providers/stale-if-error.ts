import { z } from 'zod';
import { log } from '@/platform/log';
import { loadLocalBlogPosts } from '../blog-local';
import { SAMPLE_CATEGORIES } from '../placeholders';
import { sampleWeddingById, sampleWeddingBySlug, sampleWeddings } from '../sample-data';
import { recordContentError, recordOutageFailure, recordSourceAnswered } from '../status';
import type { BlogPost, ContentProvider, ContentSource, Wedding, WeddingDetail } from '../types';
import { ContentFetchError } from './http';

/**
 * Stale-if-error and the fallback rules of docs/spec.md §4/§8, one implementation for every source
 * (docs/decisions/090-stale-if-error.md):
 * - every good answer is remembered per request key (in memory, and for the remote sources in a persisted snapshot
 *   store, so a restart during an outage still has it);
 * - a failing call serves the last good answer for its key; the sample weddings (and the Markdown blog files, the
 *   sample categories) only when the source never answered that key well, or answers with no weddings;
 * - a sample wedding's own URL answers only while the source has no weddings or never answered: a source with
 *   entries answers an unknown slug with null (404) like any other;
 * - an outage is logged once when it starts (with the error) and once when the source answers again; every
 *   failure is recorded for the diagnostics page and the admin banner.
 */

/** Where last good answers survive a restart (the database for remote sources). */
export interface SnapshotStore {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface StaleIfErrorOptions {
  /** Persisted last good answers; without one they live as long as the process. */
  snapshots?: SnapshotStore;
  /** The blog posts shown when the source has none or never answered (default: the Markdown files of content/blog). */
  fallbackPosts?: () => Promise<BlogPost[]>;
}

/** At most this many keys in memory (slugs come from URLs). */
const MAX_REMEMBERED = 2000;

/** A remembered value read back from storage is checked for the shape it was written with. */
const withSlug = z.object({ slug: z.string() }).passthrough();
const shapes = {
  list: z.array(withSlug),
  detail: z.object({ slug: z.string(), story: z.string(), wedding_images: z.array(z.object({ id: z.string(), url: z.string() }).passthrough()) }).passthrough(),
  post: z.object({ slug: z.string(), title: z.string(), body: z.string() }).passthrough(),
  categories: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
} as const;
type Shape = keyof typeof shapes;

function errorContext(err: unknown): Record<string, unknown> {
  if (err instanceof ContentFetchError) return { status: err.status, body: err.body, error: err.message };
  return { error: err instanceof Error ? err.message : String(err) };
}

export function withStaleIfError(source: ContentSource, opts: StaleIfErrorOptions = {}): ContentProvider {
  const name = source.name;
  const memory = new Map<string, unknown>();
  /** JSON of what the snapshot store holds per key, so an unchanged answer is not written again. */
  const saved = new Map<string, string>();
  const fallbackPosts = opts.fallbackPosts ?? loadLocalBlogPosts;

  function keep(key: string, value: unknown): void {
    memory.delete(key);
    if (memory.size >= MAX_REMEMBERED) {
      const oldest = memory.keys().next().value;
      if (oldest !== undefined) memory.delete(oldest);
    }
    memory.set(key, value);
  }

  async function remember(key: string, value: unknown): Promise<void> {
    keep(key, value);
    if (!opts.snapshots) return;
    const json = JSON.stringify(value);
    if (saved.get(key) === json) return;
    try {
      await opts.snapshots.save(key, value);
      if (saved.size >= MAX_REMEMBERED) saved.clear();
      saved.set(key, json);
    } catch (err) {
      log.warn('content: storing the last good answer failed', { source: name, key, ...errorContext(err) });
    }
  }

  async function forget(key: string): Promise<void> {
    memory.delete(key);
    if (!opts.snapshots || !saved.has(key)) return;
    saved.delete(key);
    try {
      await opts.snapshots.remove(key);
    } catch (err) {
      log.warn('content: dropping a stored answer failed', { source: name, key, ...errorContext(err) });
    }
  }

  async function recall<T>(key: string, shape: Shape): Promise<T | undefined> {
    if (memory.has(key)) return memory.get(key) as T;
    if (!opts.snapshots) return undefined;
    let stored: unknown;
    try {
      stored = await opts.snapshots.load(key);
    } catch (err) {
      log.warn('content: reading the last good answer failed', { source: name, key, ...errorContext(err) });
      return undefined;
    }
    if (stored === undefined || stored === null) return undefined;
    if (!shapes[shape].safeParse(stored).success) {
      log.warn('content: a stored answer has an unexpected shape; ignoring it', { source: name, key });
      return undefined;
    }
    keep(key, stored);
    saved.set(key, JSON.stringify(stored));
    return stored as T;
  }

  function answered(): void {
    const ended = recordSourceAnswered(name);
    if (ended) log.info(`content: ${name} answers again; fresh content from now on`, { source: name, since: ended.since, failures: ended.failures });
  }

  function failed(context: string, err: unknown): void {
    recordContentError(name, context, err);
    const { outage, started } = recordOutageFailure(name, context, err);
    if (started) {
      log.warn(`content: ${name} ${context} failed; serving the last good content while the source is down`, { source: name, context, ...errorContext(err) });
    } else {
      log.debug(`content: ${name} ${context} failed again`, { source: name, context, failures: outage.failures, ...errorContext(err) });
    }
  }

  /**
   * One read: the source's answer when it answers (remembered when `good`, forgotten when it is an empty answer
   * for a key that had one), else the last good answer, else the fallback.
   */
  async function read<T>(
    key: string,
    shape: Shape,
    context: string,
    fetch: () => Promise<T>,
    good: (v: T) => boolean,
    fallback: (sourceDown: boolean) => Promise<T>,
  ): Promise<T> {
    let value: T;
    try {
      value = await fetch();
    } catch (err) {
      failed(context, err);
      const last = await recall<T>(key, shape);
      if (last !== undefined && good(last)) return last;
      return fallback(true);
    }
    answered();
    if (good(value)) {
      await remember(key, value);
      return value;
    }
    if (shape === 'list') await remember(key, value);
    else await forget(key);
    return fallback(false);
  }

  const nonEmpty = (v: unknown[]) => v.length > 0;
  const present = (v: unknown) => v !== null;

  function weddings(): Promise<Wedding[]> {
    return read('weddings', 'list', 'list', () => source.weddings(), nonEmpty, async () => {
      if ((await recall<Wedding[]>('weddings', 'list'))?.length === 0) log.debug(`content: ${name} has no weddings; showing the sample weddings`, { source: name });
      return sampleWeddings();
    });
  }

  /**
   * Whether the source is known to have weddings (then sample URLs are unknown weddings, 404). A source that just
   * failed is not asked again: what it last answered decides.
   */
  async function sourceHasWeddings(sourceDown: boolean): Promise<boolean> {
    const known = await recall<Wedding[]>('weddings', 'list');
    if (known !== undefined || sourceDown) return (known?.length ?? 0) > 0;
    await weddings();
    return ((await recall<Wedding[]>('weddings', 'list'))?.length ?? 0) > 0;
  }

  async function sampleDetail(pick: () => WeddingDetail | null, context: string, sourceDown: boolean): Promise<WeddingDetail | null> {
    if (await sourceHasWeddings(sourceDown)) return null;
    try {
      return pick();
    } catch (err) {
      throw new Error(`content: ${name} ${context}: the sample fallback failed too`, { cause: err });
    }
  }

  async function fallbackPost(slug: string): Promise<BlogPost | null> {
    return (await fallbackPosts()).find((p) => p.slug === slug) ?? null;
  }

  return {
    name,
    getWeddings: weddings,
    getWedding: (slug) =>
      read(`wedding:${slug}`, 'detail', `detail slug=${slug}`, () => source.wedding(slug), present, (down) => sampleDetail(() => sampleWeddingBySlug(slug), `detail slug=${slug}`, down)),
    getWeddingById: (id) =>
      read(`wedding-id:${id}`, 'detail', `detail id=${id}`, () => source.weddingById(id), present, (down) => sampleDetail(() => sampleWeddingById(id), `detail id=${id}`, down)),
    getBlogPosts: () => read('blog', 'list', 'blog list', () => source.posts(), nonEmpty, () => fallbackPosts()),
    getBlogPost: (slug) => read(`blog:${slug}`, 'post', `blog slug=${slug}`, () => source.post(slug), present, () => fallbackPost(slug)),
    getCategories: () => read('categories', 'categories', 'categories', () => source.categories(), nonEmpty, async () => [...SAMPLE_CATEGORIES]),
    async lastGoodWeddingCount() {
      return (await recall<Wedding[]>('weddings', 'list'))?.length ?? null;
    },
    probe: () => source.probe(),
  };
}

/** Runs `fn` and measures it; used by the sources' probe(). */
export async function timedProbe(fn: () => Promise<number>): Promise<{ answered: boolean; itemCount: number; error?: string; durationMs: number }> {
  const started = Date.now();
  try {
    const itemCount = await fn();
    return { answered: true, itemCount, durationMs: Date.now() - started };
  } catch (err) {
    return { answered: false, itemCount: 0, error: err instanceof Error ? err.message : String(err), durationMs: Date.now() - started };
  }
}

/** A snapshot store in memory (tests; the built-in source, whose own database is the source). */
export function memorySnapshots(): SnapshotStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    load: async (key) => values.get(key),
    save: async (key, value) => void values.set(key, structuredClone(value)),
    remove: async (key) => void values.delete(key),
  };
}
