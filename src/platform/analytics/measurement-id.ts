import { z } from 'zod';
import { log } from '../log';
import { realClock, withRetry, type RetryClock } from '../retry';

/**
 * docs/spec.md §8/§9: the analytics configuration (measurement id) is fetched with retries on 429, 500, 503 and 504,
 * gives up after 60 s and then falls back to the locally configured id. Failures are only warnings.
 */
export const ANALYTICS_CONFIG_TIMEOUT_MS = 60_000;
export const ANALYTICS_RETRY_STATUSES = [429, 500, 503, 504] as const;
/** Default throttle 1 s; at most 30 backoffs (docs/spec.md §9). */
export const ANALYTICS_BASE_DELAY_MS = 1000;
export const ANALYTICS_MAX_RETRIES = 30;

class ConfigHttpError extends Error {
  constructor(public readonly status: number) {
    super(`analytics config answered ${status}`);
  }
}

const configSchema = z.object({ measurementId: z.string().regex(/^[A-Z0-9-]{4,40}$/) });

export async function fetchMeasurementId(
  url: string,
  fallback: string | undefined,
  clock: RetryClock = realClock,
): Promise<string | undefined> {
  const started = clock.now();
  try {
    return await withRetry(
      async () => {
        const remaining = Math.max(1, ANALYTICS_CONFIG_TIMEOUT_MS - (clock.now() - started));
        const res = await fetch(url, { signal: AbortSignal.timeout(remaining), headers: { accept: 'application/json' } });
        if (!res.ok) throw new ConfigHttpError(res.status);
        return configSchema.parse(await res.json()).measurementId;
      },
      {
        deadlineMs: ANALYTICS_CONFIG_TIMEOUT_MS,
        baseDelayMs: ANALYTICS_BASE_DELAY_MS,
        maxDelayMs: 16_000,
        jitterMs: 250,
        maxAttempts: ANALYTICS_MAX_RETRIES + 1,
        isRetryable: (err) => err instanceof ConfigHttpError && (ANALYTICS_RETRY_STATUSES as readonly number[]).includes(err.status),
      },
      clock,
    );
  } catch (err) {
    log.warn('analytics: configuration fetch failed, using the local measurement id', {
      url,
      fallback: fallback ?? null,
      error: err instanceof Error ? err.message : String(err),
    });
    return fallback;
  }
}

const g = globalThis as unknown as { __measurementId?: { value: string | undefined; pending?: Promise<void> } };

/**
 * Started once by the start-up sequence; pages read the current value without waiting (the local id until a
 * remote configuration arrives), so a slow config service never delays a page.
 */
export function startMeasurementIdResolution(localId: string | undefined, configUrl: string | undefined): void {
  if (g.__measurementId) return;
  const state: { value: string | undefined; pending?: Promise<void> } = { value: localId };
  g.__measurementId = state;
  if (configUrl) {
    state.pending = fetchMeasurementId(configUrl, localId).then((id) => {
      state.value = id;
    });
  }
}

export function currentMeasurementId(localId: string | undefined): string | undefined {
  return g.__measurementId ? g.__measurementId.value : localId;
}
