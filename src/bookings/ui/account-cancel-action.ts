'use server';
import { getDb } from '@/db/db.server';
import { deleteAccountByEmail, getCurrentUser, isAdmin, signOutAction } from '@/accounts/public.server';
import type { FormStateBase as FormState } from '@/platform/form-state';
import { log } from '@/platform/log';
import { releaseClaimsOf } from '../claims.server';

/**
 * „Zrušit účet“ on /ucet: the couple deletes their own built-in account after typing its e-mail again. The account,
 * its mails and its attachments of inquiries go; the inquiries themselves stay (they are the photographer's records,
 * kept and anonymised as the privacy notice says). Then the session ends.
 */
export async function cancelAccountAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const user = await getCurrentUser();
  if (!user) return { status: 'error', message: 'Nejdřív se prosím přihlaste.' };
  if (isAdmin(user)) return { status: 'error', message: 'Účet administrátorky se takto zrušit nedá.' };
  const typed = formData instanceof FormData ? String(formData.get('email') ?? '').trim().toLowerCase() : '';
  if (typed !== user.email.toLowerCase()) return { status: 'error', message: 'Pro potvrzení napište prosím e-mail svého účtu.' };
  try {
    const db = await getDb();
    const res = await deleteAccountByEmail(db, user.email);
    if (!res.key) {
      return { status: 'error', message: 'Tento účet se na webu zrušit nedá. Napište mi prosím e-mail a účet smažu ručně.' };
    }
    await releaseClaimsOf(db, res.key);
    log.info('account cancelled by its owner', { key: res.key });
  } catch (err) {
    log.error('account cancellation failed', { err });
    return { status: 'error', message: 'Účet se teď nepodařilo zrušit. Zkuste to prosím za chvíli znovu.' };
  }
  const next = new FormData();
  next.set('next', '/ucet/prihlaseni?ucet=zrusen');
  await signOutAction(next);
  return { status: 'success', message: 'Účet je zrušený.' };
}
