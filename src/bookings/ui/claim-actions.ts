'use server';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/db.server';
import { accountKey, getCurrentUser } from '@/accounts/public.server';
import type { FormStateBase as FormState } from '@/platform/form-state';
import { hitRateLimit } from '@/platform/rate-limit.server';
import { deliverPendingMail } from '@/platform/mail.server';
import { log } from '@/platform/log';
import { getEnv } from '@/platform/env';
import { claimInquiry, claimTokensForEmail, type ClaimOwner } from '../claims.server';
import { queueClaimLinksMail } from '../claim-mail.server';

/** The account an inquiry is attached to: the account server and the user's id there. */
const ownerOf = (user: Parameters<typeof accountKey>[0]): ClaimOwner => accountKey(user);

function tokenFrom(formData: unknown): string {
  const t = formData instanceof FormData ? formData.get('t') : null;
  return typeof t === 'string' ? t.slice(0, 200) : '';
}

/** "Připojit poptávku": uses the mailed link for the signed-in account. */
export async function claimInquiryAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const user = await getCurrentUser();
  if (!user) return { status: 'error', message: 'Nejdřív se prosím přihlaste.' };
  const result = await claimInquiry(await getDb(), tokenFrom(formData), ownerOf(user));
  if (!result.ok) return { status: 'error', message: result.message };
  redirect(`/ucet?pripojeno=${encodeURIComponent(result.reference)}`);
}

const CLAIM_LINKS_UNSENT =
  'E-maily web zatím neodesílá, takže odkazy pro připojení poptávek vám nepřijdou. Napište mi prosím a domluvíme se.';
const CLAIM_LINKS_SENT =
  'Pokud mi z vaší adresy přišly poptávky, poslala jsem na ni odkazy pro jejich připojení. Otevřete je prosím, dokud jste přihlášeni.';

/** "Poslat odkaz": mails links for every inquiry from the account's address (at most 3 such mails a day). */
export async function requestClaimLinksAction(_prev: FormState, formData: FormData): Promise<FormState> {
  void formData;
  const user = await getCurrentUser();
  if (!user) return { status: 'error', message: 'Nejdřív se prosím přihlaste.' };
  const db = await getDb();
  const owner = ownerOf(user);
  const budget = await hitRateLimit(db, `claim-links:${owner}`, 3, 24 * 3600_000);
  if (!budget.allowed) return { status: 'error', message: 'Odkazy jsem vám dnes už několikrát poslala. Zkuste to prosím znovu zítra.' };
  try {
    const links = await claimTokensForEmail(db, user.email, owner);
    if (links.length) {
      const ids = await queueClaimLinksMail(db, user.email, links);
      await deliverPendingMail(db, { ids }).catch((err: unknown) => log.warn('claim links mail stays queued', { err }));
    }
  } catch (err) {
    log.error('claim links could not be prepared', { err });
    return { status: 'error', message: 'Odkazy se teď nepodařilo připravit. Zkuste to prosím za chvíli znovu.' };
  }
  // Without SMTP the links are only stored: say so instead of pointing the couple to their mailbox.
  if (!getEnv().SMTP_URL) return { status: 'success', message: CLAIM_LINKS_UNSENT };
  return { status: 'success', message: CLAIM_LINKS_SENT };
}
