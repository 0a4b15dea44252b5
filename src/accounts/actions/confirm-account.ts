'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/db/db.server';
import { isFormData } from '@/platform/action-args';
import { log } from '@/platform/log';
import { requireAdmin } from '../guards.server';
import { confirmAccount } from '../builtin/repository';
import { accountsConfig } from '../config';

const idSchema = z.coerce.number().int().positive();

/**
 * The photographer confirms a couple's account herself: without SMTP the confirmation link never reaches them, and
 * they could not sign in otherwise. Back to /admin/mail with the address confirmed (or why not).
 */
export async function confirmCoupleAccountAction(formData: FormData): Promise<void> {
  await requireAdmin();
  if (!isFormData(formData) || accountsConfig().source !== 'builtin') redirect('/admin/mail?ucet=chyba');
  const id = idSchema.safeParse(formData.get('userId'));
  if (!id.success) redirect('/admin/mail?ucet=chyba');
  const email = await confirmAccount(await getDb(), id.data);
  if (!email) redirect('/admin/mail?ucet=chyba');
  log.info('admin confirmed an account by hand', { userId: id.data });
  redirect(`/admin/mail?ucet=potvrzen&email=${encodeURIComponent(email)}`);
}
