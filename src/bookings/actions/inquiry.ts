'use server';
import { isFormData, MALFORMED_ACTION_MESSAGE, previousAttempt } from '@/platform/action-args';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/db.server';
import { clientAddress } from '@/platform/rate-limit.server';
import { handleFormSubmission, initialFormState } from '@/bookings/form-submit.server';
import type { FormState } from '@/bookings/form-state';
import type { InquiryKind } from '@/bookings/input';
import { appDeps } from '@/bookings/runtime.server';

async function submit(kind: InquiryKind, prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData) || !isFormState(prev, kind)) {
    // A call our forms never make: start the form afresh (new start token and key) with a message.
    const fresh = await initialFormState(kind, getDb);
    return { ...fresh, status: 'error', code: 400, message: MALFORMED_ACTION_MESSAGE, attempt: previousAttempt(prev) + 1 };
  }
  const result = await handleFormSubmission(kind, prev, formData, {
    ...appDeps(),
    clientAddress: clientAddress(await headers()),
  });
  if ('redirect' in result) redirect(result.redirect);
  return result.state;
}

function isFormState(prev: unknown, kind: InquiryKind): prev is FormState {
  if (typeof prev !== 'object' || prev === null) return false;
  const p = prev as Partial<Record<keyof FormState, unknown>>;
  return p.kind === kind && typeof p.key === 'string' && typeof p.started === 'string' && typeof p.attempt === 'number';
}

/** /rezervace */
export async function submitFullInquiry(prev: FormState, formData: FormData): Promise<FormState> {
  return submit('full', prev, formData);
}

/** /simple-booking */
export async function submitSimpleInquiry(prev: FormState, formData: FormData): Promise<FormState> {
  return submit('simple', prev, formData);
}

/** The contact form on /kontakt. */
export async function submitContactMessage(prev: FormState, formData: FormData): Promise<FormState> {
  return submit('contact', prev, formData);
}
