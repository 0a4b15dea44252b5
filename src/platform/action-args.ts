/**
 * Server actions are public HTTP endpoints: anyone can post any argument list with a valid action id, not only
 * the FormData our forms send. Every action checks its arguments with these before touching them, so a malformed
 * call gets a Czech message in the form state instead of a 500.
 */
export const MALFORMED_ACTION_MESSAGE = 'Požadavek se nepodařilo zpracovat. Obnovte prosím stránku a zkuste to znovu.';

export function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

/** The `attempt` counter of a previous form state, when the caller sent a plausible one. */
export function previousAttempt(prev: unknown): number {
  if (typeof prev !== 'object' || prev === null) return 0;
  const attempt = (prev as { attempt?: unknown }).attempt;
  return typeof attempt === 'number' && Number.isFinite(attempt) ? attempt : 0;
}
