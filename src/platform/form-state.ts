/**
 * The shapes every form's server action answers with, whatever the domain (isomorphic: forms render them in the
 * browser). A domain's form state extends FormStateBase with what only its forms need.
 */

/** Per-field errors as returned by server actions: field name → Czech message. */
export type FieldErrors = Partial<Record<string, string>>;

export interface FormStateBase {
  status: 'idle' | 'error' | 'success';
  /** A message for the whole form (error summary or success text). */
  message?: string;
  errors?: FieldErrors;
  /** Echoed non-secret values so the form keeps them (never passwords). */
  values?: Record<string, string>;
  /** Bumped on every answer so a form can re-mount with the returned values (or cleared). */
  attempt?: number;
}
