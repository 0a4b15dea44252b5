/**
 * Retry with exponential backoff and jitter (docs/spec.md §8, §9), with an injectable clock, sleep and randomness so
 * tests can pin the schedule without waiting.
 */
export interface RetryClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1). */
  random: () => number;
}

export const realClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
};

export interface RetryPolicy {
  /** Give up once this much time has passed since the first attempt (no attempt starts after it). */
  deadlineMs: number;
  /** First delay; doubles each retry. */
  baseDelayMs: number;
  /** Cap on one delay, jitter included. */
  maxDelayMs: number;
  /** Extra random delay in [0, jitterMs). */
  jitterMs: number;
  /** Optional cap on the number of attempts. */
  maxAttempts?: number;
  isRetryable: (err: unknown) => boolean;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/** The delay before retry number `retry` (0 = the first retry): base·2^retry + jitter, never above the cap. */
export function backoffDelay(retry: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'jitterMs'>, random: () => number): number {
  const exp = policy.baseDelayMs * 2 ** Math.min(retry, 30);
  return Math.min(policy.maxDelayMs, exp + Math.floor(random() * policy.jitterMs));
}

export class RetryGaveUpError extends Error {
  constructor(
    message: string,
    public readonly attempts: number,
    public readonly lastError: unknown,
  ) {
    super(message, { cause: lastError });
    this.name = 'RetryGaveUpError';
  }
}

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, policy: RetryPolicy, clock: RetryClock = realClock): Promise<T> {
  const start = clock.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (!policy.isRetryable(err)) throw err;
      if (policy.maxAttempts !== undefined && attempt >= policy.maxAttempts) {
        throw new RetryGaveUpError(`Gave up after ${attempt} attempts`, attempt, err);
      }
      const delayMs = backoffDelay(attempt - 1, policy, clock.random);
      const elapsed = clock.now() - start;
      if (elapsed + delayMs > policy.deadlineMs) {
        throw new RetryGaveUpError(`Gave up after ${attempt} attempts and ${Math.round(elapsed / 1000)} s (limit ${policy.deadlineMs / 1000} s)`, attempt, err);
      }
      policy.onRetry?.({ attempt, delayMs, error: err });
      await clock.sleep(delayMs);
    }
  }
}
