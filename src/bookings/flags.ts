import type { InquiryInput, InquiryKind } from './input';
import { daysBetween } from '@/platform/dates';

/**
 * Scam signs. They flag an inquiry for the photographer's attention; they never reject or drop it
 * (a real couple marrying in three weeks must still reach her).
 */
/** An inquiry for a wedding sooner than this many days is flagged `date_soon`. */
export const DATE_SOON_DAYS = 28;

export function detectFlags(input: InquiryInput, kind: InquiryKind, today: string, clientKnown: boolean): string[] {
  const flags: string[] = [];
  if (input.weddingDate && daysBetween(today, input.weddingDate) < DATE_SOON_DAYS) flags.push('date_soon');
  if (kind === 'full' && !input.venue) flags.push('no_venue');
  if (input.message && /(https?:\/\/|www\.|\[url|<a\s)/i.test(input.message)) flags.push('links');
  if (!clientKnown) flags.push('unknown_client');
  return flags;
}
