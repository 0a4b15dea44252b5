'use server';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { clientAddress } from '@/platform/rate-limit';
import { bookingConfig } from '@/bookings/config';
import { handleFormSubmission } from '@/bookings/form-submit.server';
import type { FormState } from '@/bookings/form-state';
import type { InquiryKind } from '@/bookings/input';
import { getPackageOptions } from '@/bookings/packages';
import { deliverAfterResponse } from '@/bookings/runtime.server';

async function submit(kind: InquiryKind, prev: FormState, formData: FormData): Promise<FormState> {
  const env = getEnv();
  const result = await handleFormSubmission(kind, prev, formData, {
    getDb,
    config: bookingConfig(env),
    packageIds: getPackageOptions().map((p) => p.id),
    clientAddress: clientAddress(await headers(), env.TRUST_PROXY),
    deliver: deliverAfterResponse,
  });
  if ('redirect' in result) redirect(result.redirect);
  return result.state;
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
