import { describe, expect, it } from 'vitest';
import { backoffDelay, withRetry, RetryGaveUpError, type RetryClock } from './retry';
import {
  isRetryableStatus,
  isRetryableStorageError,
  storagePolicy,
  STORAGE_MAX_BACKOFF_MS,
  STORAGE_OPERATION_DEADLINE_MS,
  STORAGE_UPLOAD_DEADLINE_MS,
} from './storage/retry-policy';

/** A clock whose sleep advances time instantly and records each delay. */
function fakeClock(random = () => 0): RetryClock & { sleeps: number[]; t: number } {
  const c = {
    t: 0,
    sleeps: [] as number[],
    now: () => c.t,
    sleep: async (ms: number) => {
      c.sleeps.push(ms);
      c.t += ms;
    },
    random,
  };
  return c;
}

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { $metadata: { httpStatusCode: status } });

describe('storage backoff schedule (docs/spec.md §9)', () => {
  it('doubles from 1 s and is capped at 64 s', () => {
    const policy = storagePolicy('operation');
    const schedule = Array.from({ length: 10 }, (_, i) => backoffDelay(i, policy, () => 0));
    expect(schedule).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000, 64000, 64000]);
    expect(STORAGE_MAX_BACKOFF_MS).toBe(64_000);
  });

  it('adds up to 1 s of jitter, never past the cap', () => {
    const policy = storagePolicy('operation');
    expect(backoffDelay(0, policy, () => 0.5)).toBe(1500);
    expect(backoffDelay(3, policy, () => 0.999)).toBe(8999);
    expect(backoffDelay(6, policy, () => 0.999)).toBe(64000);
    expect(backoffDelay(40, policy, () => 0.999)).toBe(64000);
  });

  it('gives up an operation after 2 minutes', async () => {
    const clock = fakeClock();
    let attempts = 0;
    const err = await withRetry(
      async () => {
        attempts++;
        throw httpError(503);
      },
      storagePolicy('operation'),
      clock,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetryGaveUpError);
    expect(STORAGE_OPERATION_DEADLINE_MS).toBe(120_000);
    // 1+2+4+8+16+32 = 63 s slept; the next 64 s delay would end at 127 s > 120 s.
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 32000]);
    expect(attempts).toBe(7);
    expect(clock.t).toBeLessThanOrEqual(STORAGE_OPERATION_DEADLINE_MS);
  });

  it('gives up an upload after 10 minutes', async () => {
    const clock = fakeClock();
    const err = await withRetry(async () => Promise.reject(httpError(500)), storagePolicy('upload'), clock).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetryGaveUpError);
    expect(STORAGE_UPLOAD_DEADLINE_MS).toBe(600_000);
    // 63 s, then 64 s steps: 63 + 8·64 = 575 s; a further 64 s would pass 600 s.
    expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 32000, ...Array(8).fill(64000)]);
    expect(clock.t).toBe(575_000);
  });

  it('retries exactly 5xx, 408, 429 and network errors', () => {
    for (const s of [500, 502, 503, 504, 599, 408, 429]) expect(isRetryableStatus(s), String(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 412, 413]) expect(isRetryableStatus(s), String(s)).toBe(false);
    expect(isRetryableStorageError(httpError(503))).toBe(true);
    expect(isRetryableStorageError(httpError(403))).toBe(false);
    expect(isRetryableStorageError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isRetryableStorageError(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(isRetryableStorageError(new Error('bad key'))).toBe(false);
  });

  it('does not retry a non-retryable error and returns on success', async () => {
    const clock = fakeClock();
    let n = 0;
    await expect(
      withRetry(async () => {
        n++;
        throw httpError(404);
      }, storagePolicy('operation'), clock),
    ).rejects.toThrow('HTTP 404');
    expect(n).toBe(1);
    let m = 0;
    const value = await withRetry(
      async () => {
        if (++m < 3) throw httpError(429);
        return 'ok';
      },
      storagePolicy('operation'),
      clock,
    );
    expect(value).toBe('ok');
    expect(clock.sleeps).toEqual([1000, 2000]);
  });
});
