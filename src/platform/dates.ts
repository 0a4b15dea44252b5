/**
 * Calendar dates as 'YYYY-MM-DD' strings in the photographer's time zone (weddings are local, all-day), and their
 * Czech spelling. The one owner of ISO-day validation and Czech date formatting (isomorphic: no server imports).
 */
import { isValidIsoDate } from './iso-day';

export const TIME_ZONE = 'Europe/Prague';

const isoFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const czechFormatter = new Intl.DateTimeFormat('cs-CZ', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const czechDateTimeLong = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE });
const czechDateTime = new Intl.DateTimeFormat('cs-CZ', { timeZone: TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export { ISO_DATE, isValidIsoDate } from './iso-day';

/** Today's date in Prague. */
export function localToday(now: Date = new Date()): string {
  return isoFormatter.format(now);
}

/** The real calendar day a value starts with ('2024-06-15T14:00:00Z' → '2024-06-15'); null for anything else. */
export function isoDayOf(value: string | null | undefined): string | null {
  const day = (value ?? '').trim().slice(0, 10);
  return isValidIsoDate(day) ? day : null;
}

/** That day as a UTC midnight Date (for year/month parts and JSON-LD); null when the value is not an ISO day. */
export function parseIsoDay(value: string): Date | null {
  const day = isoDayOf(value);
  return day ? new Date(`${day}T00:00:00Z`) : null;
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

/**
 * '2026-06-12' (or with a time part) → '12. června 2026'. Anything that is not an ISO day (the fallback text
 * "Date not specified", free text from a CMS) is shown as it is.
 */
export function formatCzechDate(value: string): string {
  const d = parseIsoDay(value);
  return d ? czechFormatter.format(d) : value;
}

/** '23. 11. 2026 18:05' in Prague time (admin lists). */
export function formatCzechDateTime(d: Date): string {
  return czechDateTime.format(d);
}

/** '23. listopadu 2026 v 18:05' in Prague time (e-mails). */
export function formatCzechDateTimeLong(d: Date): string {
  return czechDateTimeLong.format(d);
}
