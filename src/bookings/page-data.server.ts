import 'server-only';
import { log } from '@/platform/log';
import { openDeps } from './runtime.server';
import { addDays, localToday } from '@/platform/dates';
import { MAX_AVAILABILITY_DAYS } from './config';
import { availability } from './service.server';

/** Taken dates for the public picker (today … +400 days); null when the database cannot answer. */
export async function publicAvailability(): Promise<{ today: string; lastDay: string; taken: string[] | null }> {
  const today = localToday();
  const lastDay = addDays(today, MAX_AVAILABILITY_DAYS);
  try {
    const { db, config } = await openDeps();
    const taken = await availability(db, today, lastDay, config);
    return { today, lastDay, taken };
  } catch (err) {
    log.error('availability for the booking page failed', { err });
    return { today, lastDay, taken: null };
  }
}

export { checkDate, type DateCheck } from './date-check';
