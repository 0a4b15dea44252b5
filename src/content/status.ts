import type { ContentSourceName } from './types';

/**
 * Last error per content source, for the diagnostics page and readiness checks. Providers record failures
 * here in addition to logging them. Kept on globalThis for the same reason as the cache.
 */
export interface ContentError {
  message: string;
  /** What was being fetched, e.g. "list" or "detail tereza-jakub". */
  context: string;
  at: string;
}

const g = globalThis as unknown as { __contentErrors?: Map<ContentSourceName, ContentError> };

function errors(): Map<ContentSourceName, ContentError> {
  if (!g.__contentErrors) g.__contentErrors = new Map();
  return g.__contentErrors;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

export function recordContentError(source: ContentSourceName, context: string, err: unknown): void {
  errors().set(source, { message: errorMessage(err), context, at: new Date().toISOString() });
}

export function lastContentError(source: ContentSourceName): ContentError | null {
  return errors().get(source) ?? null;
}

export function clearContentErrors(): void {
  errors().clear();
}

/**
 * An outage of a content source as this process sees it: from the first failed call after a good one (or after the
 * start) until the next call that succeeds. Logged once when it starts and once when it ends; the admin sees it on
 * /admin and /strapi-test.
 */
export interface ContentOutage {
  source: ContentSourceName;
  /** When the first call of this outage failed (ISO). */
  since: string;
  /** The latest failure. */
  message: string;
  context: string;
  /** Failed calls in this outage (each content revalidation adds at least one). */
  failures: number;
}

const o = globalThis as unknown as { __contentOutages?: Map<ContentSourceName, ContentOutage> };

function outages(): Map<ContentSourceName, ContentOutage> {
  if (!o.__contentOutages) o.__contentOutages = new Map();
  return o.__contentOutages;
}

/** Records a failed call; returns the outage when this call started it (the caller logs that once). */
export function recordOutageFailure(source: ContentSourceName, context: string, err: unknown, now = new Date()): { outage: ContentOutage; started: boolean } {
  const current = outages().get(source);
  if (current) {
    current.failures++;
    current.message = errorMessage(err);
    current.context = context;
    return { outage: current, started: false };
  }
  const outage: ContentOutage = { source, since: now.toISOString(), message: errorMessage(err), context, failures: 1 };
  outages().set(source, outage);
  return { outage, started: true };
}

/** Records a successful call; returns the outage it ended, if any (the caller logs the recovery once). */
export function recordSourceAnswered(source: ContentSourceName): ContentOutage | null {
  const current = outages().get(source) ?? null;
  if (current) outages().delete(source);
  return current;
}

export function contentOutage(source: ContentSourceName): ContentOutage | null {
  return outages().get(source) ?? null;
}

export function clearContentOutages(): void {
  outages().clear();
}
