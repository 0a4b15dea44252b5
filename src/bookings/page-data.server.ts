import 'server-only';
import { log } from '@/platform/log';
import { openDeps } from './runtime.server';
import { addDays, isValidIsoDate, localToday } from '@/platform/dates';
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

export type DateCheck =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'free' | 'taken'; date: string }
  | { kind: 'unknown'; date: string };

/** The "Je váš termín volný?" answer for ?termin=. */
export function checkDate(param: string | undefined, data: { today: string; lastDay: string; taken: string[] | null }): DateCheck {
  if (param === undefined || param === '') return { kind: 'none' };
  if (!isValidIsoDate(param)) return { kind: 'invalid', message: 'Zadejte prosím platné datum.' };
  if (param < data.today) return { kind: 'invalid', message: 'Toto datum už je v minulosti.' };
  if (param > data.lastDay) return { kind: 'invalid', message: 'Tak daleko dopředu zatím kalendář nevedu – napište mi a domluvíme se.' };
  if (!data.taken) return { kind: 'unknown', date: param };
  return { kind: data.taken.includes(param) ? 'taken' : 'free', date: param };
}
