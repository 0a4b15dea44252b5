'use server';
import { isFormData, MALFORMED_ACTION_MESSAGE } from '@/platform/action-args';
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { clientAddress, hitRateLimit } from '@/platform/rate-limit.server';
import { log } from '@/platform/log';
import { accountsConfig } from '../config';
import { serverClient } from '../session.server';
import { getCurrentUser, isAdmin } from '../guards.server';
import { safeNextPath } from '../next-path';
import { czechAuthMessage, errorKey, isRateLimited } from '../messages';
import { StrapiRequestError } from '../strapi-client';
import {
  changeSchema,
  confirmSchema,
  fieldErrors,
  forgotSchema,
  formValues,
  isBot,
  registerSchema,
  resetSchema,
  signInSchema,
  type FormState,
} from '../forms';
import { revokeToken } from '../builtin/service.server';

/**
 * Server actions behind the account forms. Each one validates with zod (Czech per-field messages), talks to the
 * account server only through the protocol client, and answers generically where an answer could reveal
 * whether an account exists.
 */

const RATE_WINDOW_MS = 5 * 60 * 1000;

/** In Strapi mode the site limits its own forms too (Strapi sees every visitor as the site server's address). */
async function siteRateLimit(route: string): Promise<boolean> {
  if (accountsConfig().source !== 'strapi') return true;
  const env = getEnv();
  const who = clientAddress(await headers());
  const r = await hitRateLimit(await getDb(), `site-auth:${route}:${who}`, env.AUTH_RATE_LIMIT, RATE_WINDOW_MS);
  return r.allowed;
}

const TOO_MANY: FormState = { status: 'error', message: 'Příliš mnoho pokusů. Zkuste to prosím znovu za několik minut.' };

function unexpected(err: unknown, what: string): FormState {
  if (!(err instanceof StrapiRequestError)) log.error(`account action failed: ${what}`, { err });
  return { status: 'error', message: czechAuthMessage(err) };
}

// ---- sign in ---------------------------------------------------------------------------------------------------
async function signIn(formData: FormData, opts: { admin: boolean }): Promise<FormState> {
  const values = formValues(formData, ['identifier']);
  if (isBot(formData)) return { status: 'error', message: 'Nesprávný e-mail nebo heslo.', values };
  const parsed = signInSchema.safeParse({ identifier: formData.get('identifier'), password: formData.get('password') });
  if (!parsed.success) return { status: 'error', errors: fieldErrors(parsed.error), values };
  if (!(await siteRateLimit('/auth/local'))) return { ...TOO_MANY, values };
  const client = await serverClient();
  try {
    await client.login(parsed.data);
  } catch (err) {
    if (errorKey(err) === 'Invalid identifier or password') {
      return { status: 'error', message: 'Nesprávný e-mail nebo heslo.', values };
    }
    return { ...unexpected(err, 'sign-in'), values };
  }
  const user = client.users.get();
  if (!user) {
    await client.logout();
    return { status: 'error', message: 'Přihlášení se nepodařilo dokončit. Zkuste to prosím znovu.', values };
  }
  if (opts.admin && !isAdmin({ ...user, role: user.role })) {
    await client.logout();
    return { status: 'error', message: 'Tento účet nemá přístup do administrace.', values };
  }
  return { status: 'success' };
}

export async function adminSignInAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const result = await signIn(formData, { admin: true });
  if (result.status !== 'success') return result;
  redirect(safeNextPath(stringField(formData, 'next'), '/admin/bookings'));
}

export async function signInAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const result = await signIn(formData, { admin: false });
  if (result.status !== 'success') return result;
  redirect(safeNextPath(stringField(formData, 'next'), '/ucet'));
}

function stringField(formData: FormData, key: string): string | null {
  const v = formData.get(key);
  return typeof v === 'string' ? v : null;
}

// ---- sign out ----------------------------------------------------------------------------------------------------
export async function signOutAction(formData: FormData): Promise<void> {
  if (!isFormData(formData)) formData = new FormData();
  const client = await serverClient();
  // Built-in accounts: the token stops working server-side too, not only in this browser.
  const token = accountsConfig().source === 'builtin' ? await client.getToken() : null;
  if (token) {
    try {
      await revokeToken(await getDb(), token);
    } catch (err) {
      log.error('sign-out: could not revoke the token', { err });
    }
  }
  await client.logout();
  redirect(safeNextPath(stringField(formData, 'next'), '/ucet/prihlaseni?odhlaseno=1'));
}

// ---- register ----------------------------------------------------------------------------------------------------
const REGISTERED_MESSAGE_MAILED =
  'Děkuji! Pokud u mě účet s tímto e-mailem ještě nemáte, poslala jsem vám odkaz pro potvrzení. Otevřete ho prosím a pak se přihlaste.';
// Without SMTP the built-in server only stores its mails: never claim one was sent.
const REGISTERED_MESSAGE_UNMAILED =
  'Děkuji! Pokud u mě účet s tímto e-mailem ještě nemáte, je založený. E-maily ale web zatím neodesílá, takže odkaz pro potvrzení vám nepřijde: účet vám potvrdím sama a ozvu se vám.';

/** Whether account mails leave at all: the built-in server sends through SMTP_URL; Strapi sends its own. */
function accountMailLeaves(): boolean {
  return accountsConfig().source !== 'builtin' || Boolean(getEnv().SMTP_URL);
}
const registeredMessage = () => (accountMailLeaves() ? REGISTERED_MESSAGE_MAILED : REGISTERED_MESSAGE_UNMAILED);

export async function registerAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const values = formValues(formData, ['email']);
  if (isBot(formData)) return { status: 'success', message: registeredMessage() };
  const parsed = registerSchema.safeParse({
    email: formData.get('email'),
    password: formData.get('password'),
    passwordConfirmation: formData.get('passwordConfirmation'),
  });
  if (!parsed.success) return { status: 'error', errors: fieldErrors(parsed.error), values };
  if (!(await siteRateLimit('/auth/local/register'))) return { ...TOO_MANY, values };
  const client = await serverClient();
  let signedIn: boolean;
  try {
    // The e-mail doubles as the username: couples sign in with their address.
    const res = await client.register({ username: parsed.data.email, email: parsed.data.email, password: parsed.data.password });
    signedIn = Boolean(res.jwt);
  } catch (err) {
    if (errorKey(err) === 'Email or Username are already taken') {
      // With confirmation on, an existing account gets the same answer as a new one (no enumeration through
      // this form). With it off a new account is signed in at once, so the difference shows anyway: say it.
      if (!accountsConfig().emailConfirmation) {
        return { status: 'error', errors: { email: 'Účet s tímto e-mailem už existuje. Přihlaste se prosím, nebo si obnovte heslo.' }, values };
      }
      return { status: 'success', message: registeredMessage() };
    }
    if (isRateLimited(err)) return { ...TOO_MANY, values };
    if (err instanceof StrapiRequestError) {
      return { status: 'error', message: czechAuthMessage(err, 'Registrace se nepodařila. Zkontrolujte prosím údaje a zkuste to znovu.'), values };
    }
    throw err;
  }
  // E-mail confirmation switched off: the answer carried a jwt and the client is signed in already.
  if (signedIn) redirect('/ucet?vitejte=1');
  return { status: 'success', message: registeredMessage() };
}

// ---- forgot / reset ----------------------------------------------------------------------------------------------
const FORGOT_MESSAGE_MAILED = 'Pokud u mě účet s tímto e-mailem existuje, poslala jsem na něj odkaz pro nastavení nového hesla. Odkaz platí 1 hodinu.';
const FORGOT_MESSAGE_UNMAILED =
  'E-maily web zatím neodesílá, takže odkaz pro nové heslo vám nepřijde. Napište mi prosím nebo zavolejte (kontakt najdete na stránce Kontakt) a s heslem vám pomůžu.';
const forgotMessage = () => (accountMailLeaves() ? FORGOT_MESSAGE_MAILED : FORGOT_MESSAGE_UNMAILED);

export async function forgotPasswordAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const values = formValues(formData, ['email']);
  if (isBot(formData)) return { status: 'success', message: forgotMessage() };
  const parsed = forgotSchema.safeParse({ email: formData.get('email') });
  if (!parsed.success) return { status: 'error', errors: fieldErrors(parsed.error), values };
  if (!(await siteRateLimit('/auth/forgot-password'))) return { ...TOO_MANY, values };
  const client = await serverClient();
  try {
    await client.forgotPassword({ email: parsed.data.email });
  } catch (err) {
    if (isRateLimited(err)) return { ...TOO_MANY, values };
    // Strapi answers 500 when its mailer fails; the visitor still gets the generic answer.
    log.warn('forgot-password failed upstream', { err: err instanceof StrapiRequestError ? err.error : err });
  }
  return { status: 'success', message: forgotMessage() };
}

export async function resetPasswordAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const parsed = resetSchema.safeParse({
    code: formData.get('code'),
    password: formData.get('password'),
    passwordConfirmation: formData.get('passwordConfirmation'),
  });
  if (!parsed.success) return { status: 'error', errors: fieldErrors(parsed.error) };
  if (!(await siteRateLimit('/auth/reset-password'))) return TOO_MANY;
  const client = await serverClient();
  try {
    await client.resetPassword(parsed.data);
  } catch (err) {
    return unexpected(err, 'reset-password');
  }
  redirect('/ucet?heslo=obnoveno');
}

// ---- change password ---------------------------------------------------------------------------------------------
export async function changePasswordAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const user = await getCurrentUser();
  if (!user) redirect('/ucet/prihlaseni?next=/ucet/zmena-hesla');
  const parsed = changeSchema.safeParse({
    currentPassword: formData.get('currentPassword'),
    password: formData.get('password'),
    passwordConfirmation: formData.get('passwordConfirmation'),
  });
  if (!parsed.success) return { status: 'error', errors: fieldErrors(parsed.error) };
  if (!(await siteRateLimit('/auth/change-password'))) return TOO_MANY;
  const client = await serverClient();
  try {
    await client.changePassword(parsed.data);
  } catch (err) {
    const key = errorKey(err);
    if (key === 'The provided current password is invalid') return { status: 'error', errors: { currentPassword: 'Současné heslo není správné.' } };
    return unexpected(err, 'change-password');
  }
  // The protocol ignores change-password's answer, and the built-in server ends older sessions when the
  // password changes: sign in again with the new password to keep this one.
  try {
    await client.login({ identifier: user.email, password: parsed.data.password });
  } catch (err) {
    log.warn('re-sign-in after password change failed', { err: err instanceof StrapiRequestError ? err.error : err });
    await client.logout();
    redirect('/ucet/prihlaseni?heslo=zmeneno');
  }
  return { status: 'success', message: accountMailLeaves() ? 'Heslo bylo změněno. Poslala jsem vám o tom e-mail.' : 'Heslo bylo změněno.' };
}

// ---- e-mail confirmation -----------------------------------------------------------------------------------------
export async function confirmEmailAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const parsed = confirmSchema.safeParse({ confirmation: formData.get('confirmation') });
  if (!parsed.success) return { status: 'error', message: 'Odkaz pro potvrzení e-mailu je neplatný.' };
  if (!(await siteRateLimit('/auth/email-confirmation'))) return TOO_MANY;
  const client = await serverClient();
  try {
    await client.request('/auth/email-confirmation', { params: { confirmation: parsed.data.confirmation } });
  } catch (err) {
    return unexpected(err, 'email-confirmation');
  }
  redirect('/ucet/prihlaseni?potvrzeno=1');
}

export async function resendConfirmationAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const message = accountMailLeaves()
    ? 'Pokud je tento e-mail u mě registrovaný a ještě nepotvrzený, poslala jsem na něj nový odkaz.'
    : 'E-maily web zatím neodesílá, takže nový odkaz pro potvrzení vám nepřijde. Účet vám potvrdím sama a ozvu se vám.';
  const values = formValues(formData, ['email']);
  if (isBot(formData)) return { status: 'success', message };
  const parsed = forgotSchema.safeParse({ email: formData.get('email') });
  if (!parsed.success) return { status: 'error', errors: fieldErrors(parsed.error), values };
  if (!(await siteRateLimit('/auth/send-email-confirmation'))) return { ...TOO_MANY, values };
  const client = await serverClient();
  try {
    await client.sendEmailConfirmation({ email: parsed.data.email });
  } catch (err) {
    if (isRateLimited(err)) return { ...TOO_MANY, values };
    // "Already confirmed" / "User blocked" would reveal the account: same answer for everyone.
  }
  return { status: 'success', message };
}

