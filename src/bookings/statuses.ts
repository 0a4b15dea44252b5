/**
 * The booking pipeline: statuses, their Czech labels and the allowed transitions.
 * `held` and `confirmed` occupy the wedding date (the database enforces one per slot and day).
 */
import { czechCount, WEEKS } from '@/site/public';
import { DATE_SOON_DAYS } from './flags';

export const STATUSES = ['new', 'in_talks', 'held', 'confirmed', 'done', 'declined', 'cancelled', 'expired'] as const;
export type InquiryStatus = (typeof STATUSES)[number];

export const DATE_LOCKING_STATUSES: readonly InquiryStatus[] = ['held', 'confirmed'];

/** Inquiries still in play for their date: two of them on one day need her attention. */
export const OPEN_STATUSES: readonly InquiryStatus[] = ['new', 'in_talks', 'held', 'confirmed'];

/** Labels agree with „poptávka“ (feminine): „Potvrzená“, „Zrušená“ …; `held` names the date („Termín blokován“). */
export const STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'Nová',
  in_talks: 'V jednání',
  held: 'Termín blokován',
  confirmed: 'Potvrzená',
  done: 'Dokončená',
  declined: 'Zamítnutá',
  cancelled: 'Zrušená',
  expired: 'Propadlá',
};

/** Badge classes from globals.css; the badge always carries the text label too (not colour alone). */
export const STATUS_BADGE: Record<InquiryStatus, string> = {
  new: 'badge badge-new',
  in_talks: 'badge badge-progress',
  held: 'badge badge-hold',
  confirmed: 'badge badge-confirmed',
  done: 'badge badge-done',
  declined: 'badge badge-closed',
  cancelled: 'badge badge-closed',
  expired: 'badge badge-closed',
};

/**
 * Allowed transitions. `expired` is only ever set by the hold-expiry job; closed inquiries can be reopened
 * into talks (the couple came back), which then has to win the date again to be held.
 */
export const TRANSITIONS: Record<InquiryStatus, readonly InquiryStatus[]> = {
  new: ['in_talks', 'held', 'confirmed', 'declined', 'cancelled'],
  in_talks: ['held', 'confirmed', 'declined', 'cancelled'],
  held: ['confirmed', 'in_talks', 'declined', 'cancelled'],
  confirmed: ['done', 'cancelled'],
  done: [],
  declined: ['in_talks'],
  cancelled: ['in_talks'],
  expired: ['in_talks', 'held'],
};

export function canTransition(from: InquiryStatus, to: InquiryStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isStatus(v: unknown): v is InquiryStatus {
  return typeof v === 'string' && (STATUSES as readonly string[]).includes(v);
}

export const FLAG_LABELS: Record<string, string> = {
  date_soon: `Svatba za méně než ${czechCount(DATE_SOON_DAYS / 7, WEEKS)}`,
  no_venue: 'Bez místa konání',
  links: 'Odkazy ve zprávě',
  unknown_client: 'Neznámá adresa odesílatele',
};

/** Statuses anonymised after the retention period. */
export const CLOSED_STATUSES: readonly InquiryStatus[] = ['declined', 'cancelled', 'expired'];
