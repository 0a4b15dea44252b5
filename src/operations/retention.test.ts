import { describe, expect, it } from 'vitest';
import { keptByPolicy } from './retention';
import { backupHealth, STALE_AFTER_MS } from './status';

const day = 86_400_000;

describe('retention (7 daily, 4 weekly, 12 monthly, as restic forget)', () => {
  it('keeps the newest of each of the last 7 days, 4 ISO weeks and 12 months', () => {
    // Two backups a day for 400 days, the newest on 2026-11-25.
    const newest = Date.UTC(2026, 10, 25, 3);
    const times = Array.from({ length: 800 }, (_, i) => new Date(newest - i * (day / 2)));
    const kept = [...keptByPolicy(times, { daily: 7, weekly: 4, monthly: 12 })].sort((a, b) => b - a).map((t) => new Date(t).toISOString().slice(0, 10));
    // Daily: the 7 newest days (their later backup each).
    expect(kept.slice(0, 7)).toEqual(['2026-11-25', '2026-11-24', '2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19']);
    // Weekly adds the Sundays (ends of ISO weeks) beyond those days; monthly the last day of each earlier month.
    expect(kept).toContain('2026-11-15');
    expect(kept).toContain('2026-11-08');
    expect(kept).toContain('2026-10-31');
    expect(kept).toContain('2025-12-31');
    expect(kept).not.toContain('2025-11-30');
    expect(kept.length).toBe(new Set(kept).size);
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 12);
  });

  it('keeps everything when there are fewer backups than the policy allows', () => {
    const times = [new Date('2026-11-25T03:00:00Z'), new Date('2026-11-24T03:00:00Z')];
    expect(keptByPolicy(times, { daily: 7, weekly: 4, monthly: 12 }).size).toBe(2);
  });
});

describe('backup health', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('warns when the last good backup is older than 2 days or the last attempt failed', () => {
    expect(backupHealth({}, now)).toEqual({ state: 'never' });
    const good = { at: new Date(now - day).toISOString(), location: 'x', bytes: 1, files: 1 };
    expect(backupHealth({ lastSuccess: good, lastAttempt: { at: good.at, ok: true, durationMs: 1 } }, now)).toEqual({ state: 'ok' });
    const old = { ...good, at: new Date(now - STALE_AFTER_MS - 1000).toISOString() };
    expect(backupHealth({ lastSuccess: old }, now).state).toBe('stale');
    expect(backupHealth({ lastSuccess: good, lastAttempt: { at: good.at, ok: false, error: 'Disk je plný', durationMs: 1 } }, now)).toEqual({ state: 'failed', error: 'Disk je plný' });
  });
});
