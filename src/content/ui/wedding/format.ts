const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const longDate = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'long', timeZone: 'UTC' });

/** Parses an ISO date (YYYY-MM-DD, optionally with a time part) as a UTC day; null for anything else. */
export function parseIsoDay(value: string): Date | null {
  const m = ISO_DATE.exec(value.slice(0, 10));
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // Reject rolled-over dates such as 2024-02-31.
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  return d;
}

/**
 * "2024-06-12" → "12. června 2024". Anything that is not an ISO day (the SPEC §3 fallback text
 * "Date not specified", free text from a CMS) is shown as it is.
 */
export function formatCzechDate(value: string): string {
  const d = parseIsoDay(value);
  return d ? longDate.format(d) : value;
}

