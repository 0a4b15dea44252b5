'use server';
import { isFormData, MALFORMED_ACTION_MESSAGE } from '@/platform/action-args';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/db.server';
import { log } from '@/platform/log';
import { accountsConfig } from '../config';
import { AdminPromotionError, adminExists, assertPromotable, createOrPromoteAdmin } from '../admin';
import { consumeToken } from '../builtin/repository';
import { fieldErrors, formValues, setupSchema } from '../forms';
import type { FormState } from '../form-state';
import { serverClient } from '../session.server';

/** /admin/setup: the one-time link from the console sets the first admin's e-mail and password, then signs in. */
export async function adminSetupAction(_prev: FormState, formData: FormData): Promise<FormState> {
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE };
  const values = formValues(formData, ['email']);
  if (accountsConfig().source !== 'builtin') return { status: 'error', message: 'Účty spravuje Strapi; administrátora nastavte tam.' };
  const parsed = setupSchema.safeParse({
    token: formData.get('token'),
    email: formData.get('email'),
    password: formData.get('password'),
    passwordConfirmation: formData.get('passwordConfirmation'),
  });
  if (!parsed.success) return { status: 'error', errors: fieldErrors(parsed.error), values };
  const db = await getDb();
  if (await adminExists(db)) return { status: 'error', message: 'Administrátor už existuje. Přihlaste se prosím.', values };
  const email = parsed.data.email.toLowerCase();
  try {
    await assertPromotable(db, email);
  } catch (err) {
    if (err instanceof AdminPromotionError) return { status: 'error', errors: { email: err.message }, values };
    throw err;
  }
  const token = await consumeToken(db, 'admin-setup', parsed.data.token);
  if (!token) return { status: 'error', message: 'Odkaz je neplatný, už byl použit, nebo vypršel. Restartujte prosím server pro nový odkaz.', values };
  await createOrPromoteAdmin(db, { email, password: parsed.data.password });
  log.info('admin account set up through the one-time link', { email });
  const client = await serverClient();
  try {
    await client.login({ identifier: email, password: parsed.data.password });
  } catch {
    redirect('/admin/login');
  }
  // Straight on to the first-run guide: her details, her photos, a test mail.
  redirect('/admin/pruvodce');
}
