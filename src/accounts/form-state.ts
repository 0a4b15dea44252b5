import type { FieldErrors } from '@/ui/form/fields';

/** What an account form's server action answers. */
export interface FormState {
  status: 'idle' | 'error' | 'success';
  errors?: FieldErrors;
  /** A message for the whole form (error summary or success text). */
  message?: string;
  /** Echoed non-secret values so the form keeps them (never passwords). */
  values?: Record<string, string>;
}

export const initialFormState: FormState = { status: 'idle' };
