import { isValidIsoDate } from '@/platform/dates';

export type DateCheck =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'free' | 'taken'; date: string }
  | { kind: 'unknown'; date: string };

/**
 * The "Je váš termín volný?" answer for a date: on the server for `?termin=` (the form without JavaScript), in the
 * browser with the taken dates from `GET /api/availability`. `taken` null means the dates could not be read.
 */
export function checkDate(param: string | undefined, data: { today: string; lastDay: string; taken: readonly string[] | null }): DateCheck {
  if (param === undefined || param === '') return { kind: 'none' };
  if (!isValidIsoDate(param)) return { kind: 'invalid', message: 'Zadejte prosím platné datum.' };
  if (param < data.today) return { kind: 'invalid', message: 'Toto datum už je v minulosti.' };
  if (param > data.lastDay) return { kind: 'invalid', message: 'Tak daleko dopředu zatím kalendář nevedu – napište mi a domluvíme se.' };
  if (!data.taken) return { kind: 'unknown', date: param };
  return { kind: data.taken.includes(param) ? 'taken' : 'free', date: param };
}
