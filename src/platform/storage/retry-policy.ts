import type { RetryPolicy } from '../retry';

/** docs/spec.md §9: one storage operation gives up after 2 minutes, an upload after 10; one delay at most 64 s. */
export const STORAGE_OPERATION_DEADLINE_MS = 2 * 60 * 1000;
export const STORAGE_UPLOAD_DEADLINE_MS = 10 * 60 * 1000;
export const STORAGE_MAX_BACKOFF_MS = 64 * 1000;
export const STORAGE_BASE_DELAY_MS = 1000;
export const STORAGE_JITTER_MS = 1000;

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
const NETWORK_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'NetworkingError', 'AbortError']);

/** docs/spec.md §8: storage retries on 5xx, 408, 429 and network errors — nothing else (a 403 or 404 will not heal). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** The HTTP status an error carries, whichever client raised it (AWS SDK `$metadata`, fetch-style `status`). */
export function errorStatus(err: unknown): number | undefined {
  const e = err as { $metadata?: { httpStatusCode?: unknown }; $response?: { statusCode?: unknown }; status?: unknown; statusCode?: unknown };
  const candidates = [e?.$metadata?.httpStatusCode, e?.$response?.statusCode, e?.status, e?.statusCode];
  for (const c of candidates) if (typeof c === 'number' && c >= 100) return c;
  return undefined;
}

export function isNetworkError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const rec = e as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof rec.code === 'string' && NETWORK_CODES.has(rec.code)) return true;
    if (typeof rec.name === 'string' && NETWORK_NAMES.has(rec.name)) return true;
    e = rec.cause;
  }
  return false;
}

export function isRetryableStorageError(err: unknown): boolean {
  const status = errorStatus(err);
  if (status !== undefined) return isRetryableStatus(status);
  return isNetworkError(err);
}

export function storagePolicy(kind: 'operation' | 'upload', onRetry?: RetryPolicy['onRetry']): RetryPolicy {
  return {
    deadlineMs: kind === 'upload' ? STORAGE_UPLOAD_DEADLINE_MS : STORAGE_OPERATION_DEADLINE_MS,
    baseDelayMs: STORAGE_BASE_DELAY_MS,
    maxDelayMs: STORAGE_MAX_BACKOFF_MS,
    jitterMs: STORAGE_JITTER_MS,
    isRetryable: isRetryableStorageError,
    onRetry,
  };
}
