/**
 * The ISO-day check of ./dates.ts (which re-exports it), in a module of its own: browser code that only validates
 * a date imports this and not the Czech date formatters, which ./dates.ts builds when it is loaded.
 */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date in YYYY-MM-DD form (rejects 2026-02-30). */
export function isValidIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
