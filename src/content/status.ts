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
