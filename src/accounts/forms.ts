import { z } from 'zod';
import type { FieldErrors } from '@/platform/form-state';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, passwordBytes } from './password-rules';

/** Zod schemas for the account forms, with the Czech message each field shows. */

const email = z
  .string({ message: 'Vyplňte prosím e-mail.' })
  .trim()
  .min(1, 'Vyplňte prosím e-mail.')
  .max(254, 'E-mail je příliš dlouhý.')
  .pipe(z.email({ message: 'Zadejte prosím platný e-mail, např. jana@example.cz.' }));

const anyPassword = z.string({ message: 'Vyplňte prosím heslo.' }).min(1, 'Vyplňte prosím heslo.').max(1000, 'Heslo je příliš dlouhé.');

export const newPassword = z
  .string({ message: 'Vyplňte prosím nové heslo.' })
  .min(1, 'Vyplňte prosím nové heslo.')
  .min(PASSWORD_MIN_LENGTH, `Heslo musí mít alespoň ${PASSWORD_MIN_LENGTH} znaků.`)
  .refine((v) => passwordBytes(v) <= PASSWORD_MAX_BYTES, `Heslo je příliš dlouhé (nejvýše ${PASSWORD_MAX_BYTES} bajtů; znaky s diakritikou se počítají dvakrát).`);

export const signInSchema = z.object({
  identifier: email,
  password: anyPassword,
});

export const registerSchema = z
  .object({
    email,
    password: newPassword,
    passwordConfirmation: z.string({ message: 'Zopakujte prosím heslo.' }).min(1, 'Zopakujte prosím heslo.'),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: 'Hesla se neshodují.' });

export const forgotSchema = z.object({ email });

export const resetSchema = z
  .object({
    code: z.string().min(1, 'Odkaz pro obnovení hesla je neúplný.').max(200, 'Odkaz pro obnovení hesla je neplatný.'),
    password: newPassword,
    passwordConfirmation: z.string({ message: 'Zopakujte prosím heslo.' }).min(1, 'Zopakujte prosím heslo.'),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: 'Hesla se neshodují.' });

export const changeSchema = z
  .object({
    currentPassword: z.string({ message: 'Vyplňte prosím současné heslo.' }).min(1, 'Vyplňte prosím současné heslo.').max(1000),
    password: newPassword,
    passwordConfirmation: z.string({ message: 'Zopakujte prosím nové heslo.' }).min(1, 'Zopakujte prosím nové heslo.'),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: 'Hesla se neshodují.' })
  .refine((v) => v.password !== v.currentPassword, { path: ['password'], message: 'Nové heslo se musí lišit od současného.' });

export const confirmSchema = z.object({
  confirmation: z.string().min(1, 'Odkaz pro potvrzení je neúplný.').max(200, 'Odkaz pro potvrzení je neplatný.'),
});

export const setupSchema = z
  .object({
    token: z.string().min(1).max(200),
    email,
    password: newPassword,
    passwordConfirmation: z.string({ message: 'Zopakujte prosím heslo.' }).min(1, 'Zopakujte prosím heslo.'),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: 'Hesla se neshodují.' });

export type { FormState } from './form-state';

export function formValues(formData: FormData, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = formData.get(k);
    out[k] = typeof v === 'string' ? v : '';
  }
  return out;
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_form');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/** Honeypot: a hidden field people never fill. Bots get the same answer as a success, and nothing happens. */
export function isBot(formData: FormData): boolean {
  const v = formData.get('website');
  return typeof v === 'string' && v.trim() !== '';
}
