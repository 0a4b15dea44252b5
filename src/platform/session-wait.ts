/** docs/spec.md §4 / §9: the first sign-in state is awaited for at most 5 s; after that the visitor counts as anonymous. */
export const FIRST_SESSION_TIMEOUT_MS = 5000;

/**
 * Resolves with the session the promise yields, or `null` (no user) when it takes longer than `timeoutMs` or
 * fails. Never rejects: a slow or broken account service must not break a page.
 */
export function waitForFirstSession<T>(session: Promise<T | null>, timeoutMs = FIRST_SESSION_TIMEOUT_MS): Promise<T | null> {
  return new Promise<T | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    session.then(
      (value) => {
        clearTimeout(timer);
        resolve(value ?? null);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}
