import 'server-only';
import type { Db } from '@/db/client';
import { queueMail } from '@/platform/mail.server';
import { CLAIM_TTL_MS, claimLink } from './claims.server';
import { czechCount, DAYS } from '@/site/public';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Links to attach the address's inquiries to the account that asked — sent to the address, never shown. One mail per
 * inquiry, recorded under its reference: the mail record goes with the inquiry's data when it is anonymised or
 * erased (the privacy notice promises that mails about an inquiry go with it).
 */
export async function queueClaimLinksMail(db: Db, to: string, links: { reference: string; token: string }[]): Promise<number[]> {
  const intro = `na stránce účtu jste požádali o připojení poptávek odeslaných z této adresy. Otevřete tento odkaz, pokud chcete poptávku ve svém účtu vidět (musíte být přihlášeni). Odkaz platí ${czechCount(CLAIM_TTL_MS / 86_400_000, DAYS)}.`;
  const outro = 'Pokud jste o nic nežádali, e-mail prosím ignorujte – bez otevření odkazu se nic nestane.';
  const ids: number[] = [];
  for (const l of links) {
    ids.push(
      await queueMail(db, {
        to,
        subject: `Připojení poptávky ${l.reference} k vašemu účtu`,
        text: `Dobrý den,\n\n${intro}\n\nPoptávka ${l.reference}: ${claimLink(l.token)}\n\n${outro}\n`,
        html: `<!doctype html><html lang="cs"><head><meta charset="utf-8"></head><body style="font-family:Georgia,serif;color:#1f1d1a;background:#faf7f2;padding:24px"><p>Dobrý den,</p><p>${esc(intro)}</p><p><a href="${esc(
          claimLink(l.token),
        )}">Poptávka ${esc(l.reference)}</a></p><p>${esc(outro)}</p></body></html>`,
        kind: 'inquiry-claim-links',
        relatedId: l.reference,
      }),
    );
  }
  return ids;
}
