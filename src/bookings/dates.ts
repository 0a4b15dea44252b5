/** Calendar dates as 'YYYY-MM-DD' strings in the photographer's time zone (weddings are local, all-day). */
export const TIME_ZONE = 'Europe/Prague';

const isoFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const czechFormatter = new Intl.DateTimeFormat('cs-CZ', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const czechDateTime = new Intl.DateTimeFormat('cs-CZ', { timeZone: TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Prague. */
export function localToday(now: Date = new Date()): string {
  return isoFormatter.format(now);
}

/** True for a real calendar date in YYYY-MM-DD form (rejects 2026-02-30). */
export function isValidIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function addMonths(iso: string, months: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** '2026-06-12' → '12. června 2026'. */
export function formatCzechDate(iso: string): string {
  return czechFormatter.format(new Date(`${iso}T00:00:00Z`));
}

export function formatCzechDateTime(d: Date): string {
  return czechDateTime.format(d);
}
