'use server';
import { getEnv } from '@/platform/env';
import { isFormData, MALFORMED_ACTION_MESSAGE, previousAttempt } from '@/platform/action-args';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { requireAdmin } from '@/accounts/public.server';
import type { FormStateBase } from '@/platform/form-state';
import { log } from '@/platform/log';
import { actorOf, adminDeps, erasePersonalData } from '@/bookings/admin-data.server';
import { requeueMail } from '@/platform/mail-outbox.server';
import { rotateCalendarToken } from '@/bookings/secrets.server';
import { addNote, changeStatus } from '@/bookings/service.server';
import { isStatus } from '@/bookings/statuses';
import { deliverAfterResponse } from '@/bookings/runtime.server';

/** The admin forms' answer: the common form state with a message and an attempt counter (forms re-mount, clearing a sent note). */
export type AdminActionState = FormStateBase & { message: string; attempt: number; link?: { href: string; label: string } };

const idSchema = z.coerce.number().int().positive();
const UNAVAILABLE = 'Databáze teď neodpovídá. Zkuste to prosím znovu za chvíli.';

/** Status change on /admin/bookings/[id]; the date-conflict message comes back to the form. */
export async function changeStatusAction(prev: AdminActionState, formData: FormData): Promise<AdminActionState> {
  const user = await requireAdmin();
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE, attempt: previousAttempt(prev) + 1 };
  prev = { ...prev, attempt: previousAttempt(prev) };
  const id = idSchema.safeParse(formData.get('id'));
  const to = formData.get('to');
  const note = formData.get('note');
  if (!id.success || !isStatus(to)) return { status: 'error', message: 'Vyberte prosím nový stav.', attempt: prev.attempt + 1 };
  try {
    const { db, config } = await adminDeps();
    const res = await changeStatus(db, { id: id.data, to, actor: actorOf(user), note: typeof note === 'string' ? note : undefined, config });
    if (!res.ok) {
      const link = res.conflictWith ? { href: `/admin/bookings/${res.conflictWith.id}`, label: `Otevřít poptávku ${res.conflictWith.reference}` } : undefined;
      return { status: 'error', message: res.message, attempt: prev.attempt + 1, link };
    }
    deliverAfterResponse(db, res.mailIds);
    revalidatePath(`/admin/bookings/${id.data}`);
    return { status: 'success', message: to === 'confirmed' ? 'Stav změněn. Párovi odchází potvrzení s pozvánkou do kalendáře.' : 'Stav změněn.', attempt: prev.attempt + 1 };
  } catch (err) {
    log.error('admin status change failed', { err });
    return { status: 'error', message: UNAVAILABLE, attempt: prev.attempt + 1 };
  }
}

export async function addNoteAction(prev: AdminActionState, formData: FormData): Promise<AdminActionState> {
  const user = await requireAdmin();
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE, attempt: previousAttempt(prev) + 1 };
  prev = { ...prev, attempt: previousAttempt(prev) };
  const id = idSchema.safeParse(formData.get('id'));
  const body = formData.get('body');
  if (!id.success || typeof body !== 'string') return { status: 'error', message: 'Napište prosím text poznámky.', attempt: prev.attempt + 1 };
  try {
    const { db } = await adminDeps();
    const res = await addNote(db, id.data, actorOf(user), body);
    if (!res.ok) return { status: 'error', message: res.message, attempt: prev.attempt + 1 };
    revalidatePath(`/admin/bookings/${id.data}`);
    return { status: 'success', message: 'Poznámka uložena.', attempt: prev.attempt + 1 };
  } catch (err) {
    log.error('admin note failed', { err });
    return { status: 'error', message: UNAVAILABLE, attempt: prev.attempt + 1 };
  }
}

/** Puts a mail back in the queue and tries it at once. */
export async function resendMailAction(formData: FormData): Promise<void> {
  await requireAdmin();
  if (!isFormData(formData)) formData = new FormData();
  const id = idSchema.safeParse(formData.get('mailId'));
  const back = formData.get('back');
  const target = typeof back === 'string' && /^\/admin\/[a-z0-9/-]*$/.test(back) ? back : '/admin/mail';
  if (id.success) {
    const { db } = await adminDeps();
    if (await requeueMail(db, id.data, new Date(), { stored: Boolean(getEnv().SMTP_URL) })) deliverAfterResponse(db, [id.data]);
  }
  revalidatePath(target);
  redirect(`${target}?odeslano=1`);
}

export async function rotateCalendarTokenAction(): Promise<void> {
  await requireAdmin();
  const { db } = await adminDeps();
  await rotateCalendarToken(db);
  revalidatePath('/admin');
  redirect('/admin?kalendar=novy');
}

/** GDPR erasure of everything about one e-mail; needs the address typed twice. */
export async function eraseEmailAction(prev: AdminActionState, formData: FormData): Promise<AdminActionState> {
  const user = await requireAdmin();
  if (!isFormData(formData)) return { status: 'error', message: MALFORMED_ACTION_MESSAGE, attempt: previousAttempt(prev) + 1 };
  prev = { ...prev, attempt: previousAttempt(prev) };
  const email = z.email().safeParse(String(formData.get('email') ?? '').trim().toLowerCase());
  const confirm = String(formData.get('confirm') ?? '').trim().toLowerCase();
  if (!email.success) return { status: 'error', message: 'Zadejte prosím platný e-mail.', attempt: prev.attempt + 1 };
  if (confirm !== email.data) return { status: 'error', message: 'Pro potvrzení napište stejný e-mail ještě jednou.', attempt: prev.attempt + 1 };
  try {
    const res = await erasePersonalData(email.data);
    log.info('GDPR erasure', { by: actorOf(user), inquiries: res.inquiries, mails: res.mails, account: res.account });
    revalidatePath('/admin/bookings');
    const account = res.refusedAdmin ? ' Účet administrátorky se nemaže.' : res.account ? ' Smazán i účet snoubenců.' : '';
    return { status: 'success', message: `Smazáno: poptávek ${res.inquiries}, e-mailů ${res.mails}.${account}`, attempt: prev.attempt + 1 };
  } catch (err) {
    log.error('GDPR erasure failed', { err });
    return { status: 'error', message: UNAVAILABLE, attempt: prev.attempt + 1 };
  }
}
