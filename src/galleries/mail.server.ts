import 'server-only';
import type { Db } from '@/db/client';
import { getSiteInfo, getTerms } from '@/site/public.server';
import { getEnv, siteUrl } from '@/platform/env';
import { formatCzechDate } from '@/platform/dates';
import { escapeHtml } from '@/platform/html';
import { log } from '@/platform/log';
import { deliverPendingMail, queueMail } from '@/platform/mail.server';
import { claimGalleryMail } from './repositories/delivery.server';
import type { Gallery, GalleryPhoto } from './types';

/**
 * The galleries' e-mails, all through the outbox: "your photos are ready" (one click in the admin), the reminder
 * before expiry (a scheduled job, once per expiry date), and the album selection to the photographer.
 * The ready mail carries the link and the couple's code together (docs/decisions/078-gallery-delivery.md): it goes
 * only to the couple's own address, and a second mail would be one more thing to lose.
 */

export function galleryUrl(gallery: Pick<Gallery, 'slug'>): string {
  return `${siteUrl()}/galerie/${gallery.slug}`;
}

function czechDay(d: Date): string {
  return formatCzechDate(d.toISOString().slice(0, 10));
}

async function deliverNow(db: Db, id: number): Promise<void> {
  await deliverPendingMail(db, { ids: [id] }).catch((err: unknown) => log.warn('gallery mail stays queued', { id, err }));
}

export class GalleryMailError extends Error {}

/** "Your photos are ready": to the couple's e-mail, with the link and the code. Returns the outbox id. */
export async function sendReadyMail(db: Db, gallery: Gallery, now: Date): Promise<number> {
  if (!gallery.coupleEmail) throw new GalleryMailError('Galerie nemá e-mail páru. Doplňte ho prosím v nastavení galerie.');
  if (!gallery.published) throw new GalleryMailError('Galerie ještě není zveřejněná. Nejdřív ji prosím zveřejněte.');
  const site = getSiteInfo();
  const url = galleryUrl(gallery);
  const expiry = gallery.expiresAt ? `Galerie bude dostupná do ${czechDay(gallery.expiresAt)}.` : '';
  const text = [
    'Dobrý den,',
    '',
    `vaše fotografie ze svatby jsou hotové a čekají na vás v soukromé galerii „${gallery.title}“:`,
    url,
    '',
    `Přístupový kód: ${gallery.code}`,
    '',
    'V galerii si můžete označit oblíbené fotografie, vybrat fotografie do alba a stáhnout si je.',
    expiry,
    '',
    'Přeji vám hodně radosti při prohlížení!',
    site.photographer.name,
  ]
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))
    .join('\n');
  const html = `<p>Dobrý den,</p><p>vaše fotografie ze svatby jsou hotové a čekají na vás v soukromé galerii „${escapeHtml(gallery.title)}“:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>Přístupový kód: <strong>${escapeHtml(gallery.code)}</strong></p><p>V galerii si můžete označit oblíbené fotografie, vybrat fotografie do alba a stáhnout si je.${expiry ? ` ${escapeHtml(expiry)}` : ''}</p><p>Přeji vám hodně radosti při prohlížení!<br>${escapeHtml(site.photographer.name)}</p>`;
  const id = await db.transaction(async (tx) => {
    await claimGalleryMail(tx as unknown as Db, gallery.id, 'ready', now.toISOString());
    return queueMail(tx as unknown as Db, { to: gallery.coupleEmail!, subject: `Vaše svatební fotografie jsou připravené – ${gallery.title}`, text, html, kind: 'gallery-ready', relatedId: gallery.id });
  });
  await deliverNow(db, id);
  return id;
}

/** The reminder N days (content/terms.json `galleryReminderDays`) before expiry; once per expiry date. False when already sent. */
export async function sendExpiryReminder(db: Db, gallery: Pick<Gallery, 'id' | 'slug' | 'title' | 'coupleEmail' | 'expiresAt'>): Promise<boolean> {
  if (!gallery.coupleEmail || !gallery.expiresAt) return false;
  const site = getSiteInfo();
  const url = galleryUrl(gallery);
  const day = czechDay(gallery.expiresAt);
  const text = [
    'Dobrý den,',
    '',
    `připomínám, že vaše galerie „${gallery.title}“ bude dostupná jen do ${day}.`,
    'Pokud jste si ještě nestáhli fotografie, které chcete mít, je teď ten správný čas:',
    url,
    '',
    'Kdybyste potřebovali víc času, stačí mi odpovědět na tento e-mail.',
    '',
    site.photographer.name,
  ].join('\n');
  const html = `<p>Dobrý den,</p><p>připomínám, že vaše galerie „${escapeHtml(gallery.title)}“ bude dostupná jen do ${escapeHtml(day)}.<br>Pokud jste si ještě nestáhli fotografie, které chcete mít, je teď ten správný čas:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>Kdybyste potřebovali víc času, stačí mi odpovědět na tento e-mail.</p><p>${escapeHtml(site.photographer.name)}</p>`;
  const id = await db.transaction(async (tx) => {
    if (!(await claimGalleryMail(tx as unknown as Db, gallery.id, 'expiry-reminder', gallery.expiresAt!.toISOString()))) return null;
    return queueMail(tx as unknown as Db, { to: gallery.coupleEmail!, subject: `Galerie „${gallery.title}“ brzy vyprší`, text, html, kind: 'gallery-expiry-reminder', relatedId: gallery.id });
  });
  if (id === null) return false;
  await deliverNow(db, id);
  return true;
}

export function reminderDays(): number {
  return getTerms().galleryReminderDays;
}

/** Original file names without extension, joined for Lightroom's filter bar: `DSC_1024 OR DSC_1188`. */
export function lightroomFilter(fileNames: readonly string[]): string {
  return fileNames.map((n) => n.replace(/\.[^.]+$/, '')).join(' OR ');
}

/** The album selection to the photographer: the file names as a Lightroom filter, the link to the admin. */
export async function notifySelection(db: Db, gallery: Gallery, photos: GalleryPhoto[], byEmail: string): Promise<void> {
  const names = photos.map((p) => p.fileName);
  const adminUrl = `${siteUrl()}/admin/galerie/${gallery.id}/vyber`;
  const text = [
    `Pár z galerie „${gallery.title}“ (${byEmail}) odeslal výběr do alba: ${names.length} fotografií.`,
    '',
    'Filtr pro Lightroom:',
    lightroomFilter(names),
    '',
    'Soubory:',
    ...names,
    '',
    `Výběr v administraci (i jako CSV): ${adminUrl}`,
  ].join('\n');
  const id = await queueMail(db, { to: getEnv().PHOTOGRAPHER_EMAIL, subject: `Výběr do alba – ${gallery.title} (${names.length})`, text, kind: 'gallery-selection', relatedId: gallery.id });
  await deliverNow(db, id);
}
