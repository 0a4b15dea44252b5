import type { RetentionPolicy } from './restic';

/**
 * Which archives a retention policy keeps, by the same rule restic's `forget --keep-daily/--keep-weekly/
 * --keep-monthly` applies to snapshots: newest first, the newest archive of each of the last N days, ISO weeks
 * and months (UTC). One archive may count for several rules. Returns the kept timestamps.
 */
export function keptByPolicy(times: Date[], policy: RetentionPolicy): Set<number> {
  const sorted = [...times].sort((a, b) => b.getTime() - a.getTime());
  const keep = new Set<number>();
  const rules: [number, (d: Date) => string][] = [
    [policy.daily, (d) => d.toISOString().slice(0, 10)],
    [policy.weekly, isoWeek],
    [policy.monthly, (d) => d.toISOString().slice(0, 7)],
  ];
  for (const [count, bucket] of rules) {
    let last: string | undefined;
    let kept = 0;
    for (const d of sorted) {
      if (kept >= count) break;
      const b = bucket(d);
      if (b === last) continue;
      last = b;
      kept++;
      keep.add(d.getTime());
    }
  }
  return keep;
}

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${week}`;
}
