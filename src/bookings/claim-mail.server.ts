import 'server-only';
import type { Db } from '@/db/client';
import { queueMail } from '@/platform/mail.server';
import { claimLink } from './claims.server';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Links to attach the address's inquiries to the account that asked — sent to the address, never shown. */
export async function queueClaimLinksMail(db: Db, to: string, links: { reference: string; token: string }[]): Promise<number> {
  const intro = 'na stránce účtu jste požádali o připojení poptávek odeslaných z této adresy. Otevřete odkaz u každé poptávky, kterou chcete ve svém účtu vidět (musíte být přihlášeni). Odkazy platí 30 dní.';
  const outro = 'Pokud jste o nic nežádali, e-mail prosím ignorujte – bez otevření odkazu se nic nestane.';
  return queueMail(db, {
    to,
    subject: 'Připojení poptávek k vašemu účtu',
    text: `Dobrý den,\n\n${intro}\n\n${links.map((l) => `Poptávka ${l.reference}: ${claimLink(l.token)}`).join('\n')}\n\n${outro}\n`,
    html: `<!doctype html><html lang="cs"><head><meta charset="utf-8"></head><body style="font-family:Georgia,serif;color:#1f1d1a;background:#faf7f2;padding:24px"><p>Dobrý den,</p><p>${esc(intro)}</p><ul>${links
      .map((l) => `<li><a href="${esc(claimLink(l.token))}">Poptávka ${esc(l.reference)}</a></li>`)
      .join('')}</ul><p>${esc(outro)}</p></body></html>`,
    kind: 'inquiry-claim-links',
  });
}
