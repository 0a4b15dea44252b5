import type { FormStateBase } from '@/platform/form-state';

/** What an account form's server action answers: the common shape, nothing more. */
export type FormState = FormStateBase;

export const initialFormState: FormState = { status: 'idle' };
