import { ISO_DATE } from '@/platform/iso-day';

/**
 * The taken dates between two days from `GET /api/availability` (the cached /rezervace carries none), or null when
 * they cannot be read. The answer is checked by hand rather than with zod: the schema library would be the largest
 * part of this page's JavaScript, for one array of date strings.
 */
export async function fetchTakenDates(from: string, to: string, signal?: AbortSignal): Promise<string[] | null> {
  try {
    const res = await fetch(`/api/availability?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { cache: 'no-store', signal });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    if (typeof body !== 'object' || body === null || !('taken' in body)) return null;
    const taken: unknown = body.taken;
    if (!Array.isArray(taken) || taken.length > 1000) return null;
    return taken.every((d): d is string => typeof d === 'string' && ISO_DATE.test(d)) ? taken : null;
  } catch {
    return null;
  }
}

/** Puts a date into the form's date field as if typed (React's onChange sees it). */
export function fillDateField(id: string, iso: string, focus: boolean): void {
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) return;
  // The native setter, so React's onChange sees the change.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, iso);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  if (focus) input.focus();
}
