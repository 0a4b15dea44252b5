import type { ContentSourceName } from '../types';

/**
 * One HTTP GET to a remote content source, with a timeout. Errors carry the source, status and the
 * server's error body (passed on as is, docs/spec.md §8), so logs and the diagnostics page can show what happened.
 */
export class ContentFetchError extends Error {
  constructor(
    message: string,
    readonly source: ContentSourceName,
    readonly status: number | null,
    readonly body: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ContentFetchError';
  }
}

/** Next's fetch instrumentation passes `next.internal` fetches straight to the platform fetch (docs/decisions/011). */
const UNTRACKED_BY_NEXT = { internal: true } as NextFetchRequestConfig;

/** Removes secrets (access_token=…) from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/(access_token=)[^&]*/g, '$1***');
}

export async function fetchJson(
  source: ContentSourceName,
  url: string,
  init: { headers?: Record<string, string>; timeoutMs: number },
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs),
      // Our own cache (cache.ts) decides freshness, so Next's fetch cache must not keep a second copy. Not with
      // `cache: 'no-store'`: inside a cached page's render that marks the page per request and Next answers 500
      // ("static to dynamic at runtime"). Next leaves fetches marked internal alone (neither cached nor tracked);
      // tests/e2e/render-cache-csp.e2e.ts renders cached pages from a remote source and fails if that changes.
      next: UNTRACKED_BY_NEXT,
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    const reason = timedOut ? `no answer within ${init.timeoutMs} ms` : err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    throw new ContentFetchError(`${source}: GET ${redactUrl(url)} failed: ${reason}`, source, null, null, { cause: err });
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new ContentFetchError(`${source}: GET ${redactUrl(url)}: reading the body failed`, source, res.status, null, { cause: err });
  }
  let body: unknown = null;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text.slice(0, 500);
      if (res.ok) throw new ContentFetchError(`${source}: GET ${redactUrl(url)}: answer is not JSON`, source, res.status, body);
    }
  }
  if (!res.ok) {
    throw new ContentFetchError(`${source}: GET ${redactUrl(url)} answered ${res.status}${describeErrorBody(body)}`, source, res.status, body);
  }
  return body;
}

/** " (AccessTokenInvalid: The access token you sent could not be found or is invalid.)" for logs. */
function describeErrorBody(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? ` (${body.slice(0, 120)})` : '';
  const b = body as { sys?: { id?: unknown }; message?: unknown; error?: unknown };
  const name = typeof b.sys?.id === 'string' ? b.sys.id : b.error && typeof b.error === 'object' ? (b.error as { name?: unknown }).name : b.error;
  const message = typeof b.message === 'string' ? b.message : b.error && typeof b.error === 'object' ? (b.error as { message?: unknown }).message : undefined;
  const parts = [name, message].filter((x): x is string => typeof x === 'string' && x.length > 0);
  return parts.length ? ` (${parts.join(': ')})` : '';
}
