import type { FieldErrors, FormStateBase } from '@/platform/form-state';
import type { InquiryKind } from './input';

/** What a booking form's server action returns (and what the page renders the form from): the common shape plus the booking's own. */
export interface FormState extends FormStateBase {
  kind: InquiryKind;
  /** 'error' after a refusal; the form re-renders with every value the visitor typed. */
  status: 'idle' | 'error';
  /** HTTP status the refusal maps to (503 = try again later); informative for the UI. */
  code?: number;
  errors: FieldErrors;
  values: Record<string, string>;
  /** Signed "form rendered at" token (minimum fill time). Kept across re-renders. */
  started: string;
  /** Idempotency key: a double click or a resubmitted page creates one inquiry. */
  key: string;
  /** Bumped on every answer so the form re-mounts with the returned values. */
  attempt: number;
}

export const FORM_FIELDS: Record<InquiryKind, readonly string[]> = {
  full: ['partner1', 'partner2', 'email', 'phone', 'weddingDate', 'venue', 'town', 'ceremonyTime', 'guestCount', 'packageId', 'hours', 'message', 'source', 'marketingConsent'],
  simple: ['partner1', 'partner2', 'email', 'weddingDate', 'message', 'marketingConsent'],
  contact: ['partner1', 'email', 'phone', 'weddingDate', 'message'],
};

export const HONEYPOT_FIELD = 'website';
