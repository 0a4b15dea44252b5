import 'server-only';
import type { Db } from '@/db/client';
import { mailFromAddress, queueMail } from '@/platform/mail.server';
import { siteUrl } from '@/platform/env';
import { getPricing, getSiteInfo, termPlaceholders } from '@/site/public.server';
import { ensureCurrentTermsVersion, termsVersionById, termsVersionPath } from '@/content/public.server';
import { inquiryNotifyAddress } from '@/accounts/public.server';
import { formatCzechDate } from '@/platform/dates';
import { czechCount, WEEKS_GEN } from '@/site/public';
import { FIELD_LABELS, SOURCE_OPTIONS } from './input';
import { packageName } from './packages';
import { FLAG_LABELS } from './statuses';
import { confirmationInvite } from './ics.server';
import type { InquiryDetail } from './types';
import { escapeHtml } from '@/platform/html';

/** Czech e-mails about inquiries. They are queued after the inquiry is committed; delivery is retried. */

function summaryRows(i: InquiryDetail): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['Číslo poptávky', i.reference],
    [FIELD_LABELS.partner1, i.partner1],
    [FIELD_LABELS.partner2, i.partner2],
    [FIELD_LABELS.email, i.email],
    [FIELD_LABELS.phone, i.phone],
    [FIELD_LABELS.weddingDate, i.weddingDate ? formatCzechDate(i.weddingDate) : null],
    [FIELD_LABELS.venue, i.venue],
    [FIELD_LABELS.town, i.town],
    [FIELD_LABELS.ceremonyTime, i.ceremonyTime],
    [FIELD_LABELS.guestCount, i.guestCount?.toString()],
    [FIELD_LABELS.packageId, packageName(i.packageId)],
    [FIELD_LABELS.hours, i.hours?.toString()],
    [FIELD_LABELS.source, SOURCE_OPTIONS.find((o) => o.value === i.source)?.label ?? i.source],
    [FIELD_LABELS.message, i.message],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/**
 * What the auto-reply may repeat: the auto-reply goes to an address nobody has verified yet, so it carries none
 * of the free text typed into the form (names, venue, message …) — otherwise the form would relay anybody's text
 * to anybody's mailbox. Only our own reference and values picked from our own lists or numbers.
 */
function autoReplyRows(i: InquiryDetail): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['Číslo poptávky', i.reference],
    [FIELD_LABELS.weddingDate, i.weddingDate ? formatCzechDate(i.weddingDate) : null],
    [FIELD_LABELS.guestCount, i.guestCount?.toString()],
    [FIELD_LABELS.packageId, packageName(i.packageId)],
    [FIELD_LABELS.hours, i.hours?.toString()],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

function textTable(rows: [string, string][]): string {
  return rows.map(([k, v]) => `${k}: ${v}`).join('\n');
}

function htmlTable(rows: [string, string][]): string {
  return `<table cellpadding="6" style="border-collapse:collapse">${rows
    .map(([k, v]) => `<tr><th align="left" style="vertical-align:top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
    .join('')}</table>`;
}

/**
 * Links to the terms the couple booked under (§ 1824 OZ): the immutable version stored with the inquiry, never the
 * live page, and the model withdrawal form. An inquiry from before versions existed gets the version in force now.
 */
async function termsLinks(db: Db, i: InquiryDetail): Promise<{ text: string; html: string }> {
  const version = (i.termsVersionId ? await termsVersionById(db, i.termsVersionId) : null) ?? (await ensureCurrentTermsVersion(db));
  const termsUrl = `${siteUrl()}${termsVersionPath(version.slug)}`;
  const formUrl = `${siteUrl()}/obchodni-podminky/odstoupeni-od-smlouvy`;
  const label = `Obchodní podmínky ve znění ze dne ${formatCzechDate(version.effectiveOn)}`;
  const formLabel = 'Vzorový formulář pro odstoupení od smlouvy';
  return {
    text: `${label}: ${termsUrl}\n${formLabel}: ${formUrl}`,
    html: `<p><a href="${escapeHtml(termsUrl)}">${escapeHtml(label)}</a><br><a href="${escapeHtml(formUrl)}">${escapeHtml(formLabel)}</a></p>`,
  };
}

/** The package's own binding delivery time, else the longest the terms allow. */
function deliveryPhrase(i: InquiryDetail): string {
  const pkg = i.packageId ? getPricing().packages.find((p) => p.id === i.packageId) : undefined;
  return pkg ? czechCount(pkg.deliveryWeeks, WEEKS_GEN) : termPlaceholders().deliveryWeeksGen;
}

function layout(body: string): string {
  return `<!doctype html><html lang="cs"><head><meta charset="utf-8"></head><body style="font-family:Georgia,serif;color:#1f1d1a;background:#faf7f2;padding:24px">${body}</body></html>`;
}

/**
 * New inquiry → the photographer; a reply goes straight to the couple unless its budget is spent
 * (`autoReply: false`, decided by the service).
 */
export async function queueNewInquiryMails(db: Db, i: InquiryDetail, opts: { autoReply: boolean; claimUrl?: string }): Promise<number[]> {
  const site = getSiteInfo();
  const notify = await inquiryNotifyAddress(db);
  const rows = summaryRows(i);
  const adminUrl = `${siteUrl()}/admin/bookings/${i.id}`;
  const flags = i.flags.map((f) => FLAG_LABELS[f] ?? f);
  const when = i.weddingDate ? ` na ${formatCzechDate(i.weddingDate)}` : '';
  const ids: number[] = [];
  ids.push(
    await queueMail(db, {
      to: notify.email,
      subject: `${i.kind === 'contact' ? 'Nová zpráva' : 'Nová poptávka'} ${i.reference}${when}`,
      text: `${i.kind === 'contact' ? 'Přišla nová zpráva z kontaktního formuláře.' : 'Přišla nová poptávka.'}\n\n${textTable(rows)}\n${
        flags.length ? `\nUpozornění: ${flags.join(', ')}\n` : ''
      }\nDetail: ${adminUrl}\n`,
      html: layout(
        `<h1 style="font-weight:400">${i.kind === 'contact' ? 'Nová zpráva' : 'Nová poptávka'} ${escapeHtml(i.reference)}</h1>${
          flags.length ? `<p><strong>Upozornění:</strong> ${escapeHtml(flags.join(', '))}</p>` : ''
        }${htmlTable(rows)}<p><a href="${escapeHtml(adminUrl)}">Otevřít v administraci</a></p>`,
      ),
      kind: 'inquiry-new',
      relatedId: i.reference,
    }),
  );
  if (!opts.autoReply) return ids;
  const replyRows = autoReplyRows(i);
  // The link attaches this inquiry to the account that is signed in when it is opened (src/bookings/claims.server.ts).
  const claimLine = 'Stav poptávky můžete sledovat ve svém účtu na webu – po přihlášení otevřete tento odkaz';
  const claimText = opts.claimUrl ? `\n\n${claimLine}:\n${opts.claimUrl}` : '';
  const claimHtml = opts.claimUrl ? `<p>${escapeHtml(claimLine)}: <a href="${escapeHtml(opts.claimUrl)}">${escapeHtml(opts.claimUrl)}</a></p>` : '';
  // A name cannot be put into the vocative reliably ("Jana" → "Jano", "Jiří" → "Jiří"), so the greeting stays plain.
  const greeting = 'Dobrý den,';
  const t = termPlaceholders();
  const intro =
    i.kind === 'contact'
      ? 'děkuji za vaši zprávu. Ozvu se vám co nejdříve, obvykle do dvou pracovních dnů.'
      : `děkuji za vaši poptávku svatebního focení. Ozvu se vám co nejdříve, obvykle do dvou pracovních dnů. Poptávka je nezávazná a termín sama o sobě neblokuje: jakmile se domluvíme, pošlu vám smlouvu a termín vám na ${t.holdDays} podržím. Závazně ho rezervuje záloha ${t.depositPercent} z ceny balíčku.`;
  const terms = i.kind === 'contact' ? null : await termsLinks(db, i);
  const termsLine = terms ? `\n\n${terms.text}` : '';
  const termsHtml = terms ? terms.html : '';
  ids.push(
    await queueMail(db, {
      to: i.email,
      subject: `Děkuji za ${i.kind === 'contact' ? 'zprávu' : 'poptávku'} – ${i.reference}`,
      text: `${greeting}\n\n${intro}\n\nShrnutí toho, co jste mi poslali:\n\n${textTable(replyRows)}\n\nPokud budete chtít cokoli doplnit, stačí odpovědět na tento e-mail a uvést číslo ${i.reference}.${termsLine}${claimText}\n\nS pozdravem\n${site.photographer.name}\n${site.photographer.phone}\n${siteUrl()}\n`,
      html: layout(
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>Shrnutí toho, co jste mi poslali:</p>${htmlTable(replyRows)}<p>Pokud budete chtít cokoli doplnit, stačí odpovědět na tento e-mail a uvést číslo <strong>${escapeHtml(
          i.reference,
        )}</strong>.</p>${termsHtml}${claimHtml}<p>S pozdravem<br>${escapeHtml(site.photographer.name)}<br>${escapeHtml(site.photographer.phone)}</p>`,
      ),
      kind: 'inquiry-autoreply',
      relatedId: i.reference,
    }),
  );
  return ids;
}

/** Confirmation (deposit received) → the couple, with a calendar invite. */
export async function queueConfirmationMail(db: Db, i: InquiryDetail): Promise<number[]> {
  if (!i.email || !i.weddingDate) return [];
  const site = getSiteInfo();
  const host = new URL(siteUrl()).hostname;
  const organizerEmail = mailFromAddress();
  const invite = confirmationInvite(i, host, { name: site.photographer.name, email: organizerEmail });
  const date = formatCzechDate(i.weddingDate);
  const t = termPlaceholders();
  const terms = await termsLinks(db, i);
  const balance = `Doplatek uhradíte nejpozději ${t.balanceDueDays} po svatbě, kompletní galerii vám předám nejpozději do ${deliveryPhrase(i)}.`;
  const text = `Dobrý den,\n\nvaše svatba ${date} je potvrzena – termín mám pro vás závazně rezervovaný (rezervace ${i.reference}).\nV příloze najdete pozvánku do kalendáře.\n\n${balance}\n\n${terms.text}\n\nTěším se na vás!\n${site.photographer.name}\n${site.photographer.phone}\n`;
  return [
    await queueMail(db, {
      to: i.email,
      subject: `Potvrzení rezervace ${i.reference} – ${date}`,
      text,
      html: layout(
        `<p>Dobrý den,</p><p>vaše svatba <strong>${escapeHtml(date)}</strong> je potvrzena – termín mám pro vás závazně rezervovaný (rezervace ${escapeHtml(
          i.reference,
        )}).</p><p>V příloze najdete pozvánku do kalendáře.</p><p>${escapeHtml(balance)}</p>${terms.html}<p>Těším se na vás!<br>${escapeHtml(site.photographer.name)}</p>`,
      ),
      attachments: [{ filename: 'svatba.ics', content: invite, contentType: 'text/calendar; charset=utf-8; method=REQUEST' }],
      kind: 'inquiry-confirmed',
      relatedId: i.reference,
    }),
  ];
}
