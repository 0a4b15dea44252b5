import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SESSION_TIMEOUT_MS, waitForFirstSession } from './session-wait';

describe('waitForFirstSession (docs/spec.md §4: 5 s, then no user)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 5 seconds', () => expect(FIRST_SESSION_TIMEOUT_MS).toBe(5000));

  it('returns the user when the session resolves in time', async () => {
    const session = new Promise<{ id: number }>((r) => setTimeout(() => r({ id: 7 }), 4999));
    const result = waitForFirstSession(session);
    await vi.advanceTimersByTimeAsync(4999);
    await expect(result).resolves.toEqual({ id: 7 });
  });

  it('treats the visitor as anonymous after 5 s', async () => {
    let settled = false;
    const result = waitForFirstSession(new Promise<{ id: number }>(() => {})).then((v) => {
      settled = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(result).resolves.toBeNull();
  });

  it('a late answer does not change the outcome, and a failure means no user', async () => {
    const late = waitForFirstSession(new Promise<{ id: number }>((r) => setTimeout(() => r({ id: 1 }), 6000)));
    await vi.advanceTimersByTimeAsync(6000);
    await expect(late).resolves.toBeNull();
    const failed = waitForFirstSession(Promise.reject(new Error('account service down')));
    await expect(failed).resolves.toBeNull();
  });
});
