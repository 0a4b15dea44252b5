import { formatCzechDateTimeLong } from '@/platform/dates';
import { getSiteInfo } from '@/site/public.server';
import { escapeHtml } from '@/platform/html';

/** Czech account e-mails, each as HTML and plain text. Links are absolute, built from siteUrl(). */
export interface AccountEmail {
  subject: string;
  text: string;
  html: string;
}

function brand(): string {
  try {
    return getSiteInfo().photographer.brand;
  } catch {
    return 'Svatební fotografka';
  }
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#7a4b55;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#5a5550">Pokud tlačítko nefunguje, zkopírujte do prohlížeče tuto adresu:<br><a href="${escapeHtml(action.url)}" style="color:#7a4b55;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="cs"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;color:#1f1d1a;font-family:Georgia,serif;font-size:17px;line-height:1.6">
<div style="max-width:560px;margin:0 auto">
<h1 style="font-weight:normal;font-size:26px;margin:0 0 24px">${escapeHtml(title)}</h1>
${body}
${button}
<p style="margin:32px 0 0;font-size:14px;color:#5a5550">${escapeHtml(brand())}</p>
</div></body></html>`;
}

function text(paragraphs: string[], action?: { label: string; url: string }): string {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', brand()].join('\n\n');
}

export function confirmationEmail(url: string): AccountEmail {
  const title = 'Potvrďte prosím svůj e-mail';
  const paragraphs = [
    'Dobrý den,',
    'děkuji za registraci. Abych měla jistotu, že e-mailová adresa patří vám, potvrďte ji prosím kliknutím na tlačítko níže a na otevřené stránce stiskněte „Potvrdit e-mail“.',
    'Odkaz platí 48 hodin. Pokud jste se neregistrovali, tento e-mail prosím ignorujte.',
  ];
  const action = { label: 'Potvrdit e-mail', url };
  return { subject: 'Potvrzení e-mailu pro váš účet', text: text(paragraphs, action), html: layout(title, paragraphs, action) };
}

export function resetPasswordEmail(url: string): AccountEmail {
  const title = 'Obnovení hesla';
  const paragraphs = [
    'Dobrý den,',
    'přišla mi žádost o obnovení hesla k vašemu účtu. Nové heslo si nastavíte přes odkaz níže.',
    'Odkaz platí 1 hodinu a lze jej použít jen jednou. Pokud jste o obnovení nežádali, e-mail prosím ignorujte – vaše heslo zůstává beze změny.',
  ];
  const action = { label: 'Nastavit nové heslo', url };
  return { subject: 'Obnovení hesla k vašemu účtu', text: text(paragraphs, action), html: layout(title, paragraphs, action) };
}

export function passwordChangedEmail(when: Date, forgotUrl: string): AccountEmail {
  const formatted = formatCzechDateTimeLong(when);
  const title = 'Heslo bylo změněno';
  const paragraphs = [
    'Dobrý den,',
    `heslo k vašemu účtu bylo ${formatted} změněno. Všechna dřívější přihlášení byla ukončena.`,
    'Pokud jste heslo neměnili vy, obnovte si je prosím ihned přes odkaz níže a napište mi.',
  ];
  const action = { label: 'Obnovit heslo', url: forgotUrl };
  return { subject: 'Heslo k vašemu účtu bylo změněno', text: text(paragraphs, action), html: layout(title, paragraphs, action) };
}

/**
 * Someone tried to register an address that already has an account. Never a confirmation link here: whoever
 * registered first chose the password, so confirming would hand the account to them. Setting a new password
 * through the reset link proves the mailbox, confirms the account and ends every older password and session.
 */
export function alreadyRegisteredEmail(opts: { confirmed: boolean; resetUrl: string; signInUrl: string }): AccountEmail {
  const title = 'Účet s touto adresou už existuje';
  const paragraphs = opts.confirmed
    ? [
        'někdo (nejspíš vy) se právě pokusil zaregistrovat s touto e-mailovou adresou. Účet s ní už máte, stačí se přihlásit.',
        `Heslo si nepamatujete? Nové si nastavíte tady: ${opts.resetUrl} (odkaz platí 1 hodinu).`,
        'Pokud jste to nebyli vy, nemusíte nic dělat.',
      ]
    : [
        'někdo (možná vy) se právě pokusil zaregistrovat s touto e-mailovou adresou. Účet s ní už je založený, ale zatím nebyl potvrzen.',
        'Pokud jste ho zakládali vy, nastavte si heslo odkazem níže (platí 1 hodinu) – tím se účet zároveň potvrdí a jakékoli dřívější heslo přestane platit.',
        'Pokud jste účet nezakládali, nastavte si heslo také: nikdo jiný se pak k účtu s vaší adresou nepřihlásí.',
      ];
  const action = opts.confirmed ? { label: 'Přihlásit se', url: opts.signInUrl } : { label: 'Nastavit heslo', url: opts.resetUrl };
  return { subject: title, text: text(['Dobrý den,', ...paragraphs], action), html: layout(title, ['Dobrý den,', ...paragraphs], action) };
}

/**
 * A registration through the API asked for a username another account already has. The answer did not say so
 * (it reads like every registration, so usernames cannot be probed); this mail tells the address's owner.
 */
export function usernameTakenEmail(registerUrl: string): AccountEmail {
  const title = 'Uživatelské jméno je obsazené';
  const paragraphs = [
    'Dobrý den,',
    'někdo (nejspíš vy) se právě pokusil zaregistrovat s touto e-mailovou adresou, ale zvolené uživatelské jméno už patří jinému účtu, takže účet vytvořen nebyl.',
    'Zaregistrujte se prosím znovu s jiným uživatelským jménem, nebo jen s e-mailovou adresou přes formulář na webu. Pokud jste to nebyli vy, nemusíte nic dělat.',
  ];
  const action = { label: 'Registrovat se', url: registerUrl };
  return { subject: title, text: text(paragraphs, action), html: layout(title, paragraphs, action) };
}
