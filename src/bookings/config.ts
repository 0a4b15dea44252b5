import type { Env } from '@/platform/env';

/** The booking rules' knobs, from the validated env (tests pass their own). */
export interface BookingConfig {
  capacityPerDay: number;
  holdDays: number;
  retentionMonths: number;
  minFillMs: number;
  ratePerClient: number;
  rateGlobal: number;
}

export function bookingConfig(env: Env): BookingConfig {
  return {
    capacityPerDay: env.BOOKING_CAPACITY_PER_DAY,
    holdDays: env.HOLD_DAYS,
    retentionMonths: env.RETENTION_MONTHS,
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
