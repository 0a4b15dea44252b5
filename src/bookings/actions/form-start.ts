'use server';
import { getDb } from '@/db/db.server';
import { initialFormState } from '@/bookings/form-submit.server';
import type { FormState } from '@/bookings/form-state';

/**
 * A fresh signed start token and idempotency key for the contact form on /kontakt. That page is served from the
 * render cache (one HTML for every visitor), so the per-visitor part of the form is fetched after hydration
 * (docs/decisions/011-render-cache-csp.md).
 */
export async function startContactFormAction(): Promise<Pick<FormState, 'started' | 'key'>> {
  const fresh = await initialFormState('contact', getDb);
  return { started: fresh.started, key: fresh.key };
}

/** The same for the full inquiry on /rezervace, which is served from the render cache too. */
export async function startFullInquiryAction(): Promise<Pick<FormState, 'started' | 'key'>> {
  const fresh = await initialFormState('full', getDb);
  return { started: fresh.started, key: fresh.key };
}
