import type { Env } from '@/platform/env';
import { getTerms, type Terms } from '@/site/public.server';

/**
 * The booking rules' knobs (tests pass their own). The hold length and the retention periods are booking terms:
 * they come from content/terms.json, the same file every page and e-mail renders them from, so the text and the
 * behaviour cannot disagree. HOLD_DAYS / RETENTION_MONTHS in the environment may only repeat them
 * (termsEnvProblems in src/site/terms.ts, checked at start-up).
 */
export interface BookingConfig {
  capacityPerDay: number;
  holdDays: number;
  /** Closed and stale open inquiries are anonymised this many months after the wedding date. */
  retentionMonths: number;
  /** Bookings (confirmed, done) are anonymised this many months after the wedding (the contract's limitation period). */
  contractRetentionMonths: number;
  /** A couple's account is deleted this many months after their wedding and their last sign-in. */
  accountRetentionMonths: number;
  minFillMs: number;
  ratePerClient: number;
  rateGlobal: number;
}

export function bookingConfig(env: Env, terms: Terms = getTerms()): BookingConfig {
  return {
    capacityPerDay: env.BOOKING_CAPACITY_PER_DAY,
    holdDays: terms.holdDays,
    retentionMonths: terms.inquiryRetentionMonths,
    contractRetentionMonths: terms.contractRetentionYears * 12,
    accountRetentionMonths: terms.accountRetentionMonths,
    minFillMs: env.INQUIRY_MIN_FILL_MS,
    ratePerClient: env.INQUIRY_RATE_PER_CLIENT,
    rateGlobal: env.INQUIRY_RATE_GLOBAL,
  };
}

/** Longest range /api/availability answers. */
export const MAX_AVAILABILITY_DAYS = 400;
export const JSON_BODY_LIMIT = 32 * 1024;
export const CLIENT_WINDOW_MS = 10 * 60_000;
export const GLOBAL_WINDOW_MS = 60_000;
/** All inquiries together may not exceed this multiple of the flagged budget per minute (protects the DB). */
export const GLOBAL_CEILING_FACTOR = 10;

/**
 * Auto-replies go to an address nobody has verified, so they are budgeted (24-hour windows): per recipient, and
 * per day with separate budgets for clean and flagged inquiries, so a flood of suspicious ones cannot spend
 * what real couples need. Over budget the inquiry is still stored and the photographer still told.
 */
export const AUTO_REPLY_WINDOW_MS = 24 * 3600_000;
export const AUTO_REPLY_PER_RECIPIENT = 3;
export const AUTO_REPLY_CLEAN_PER_DAY = 1000;
export const AUTO_REPLY_FLAGGED_PER_DAY = 50;
