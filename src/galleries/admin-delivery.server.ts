import 'server-only';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '@/db/client';
import { galleryPhotosAll, type GalleryDeps } from './read.server';
import type { Gallery } from './types';
import {
  activityCounts,
  activityOf,
  consentOf,
  favoriteCounts,
  mailsSent,
  reopenSelection,
  saveConsent,
  selectionOf,
  logActivity,
  type ActivityRecord,
} from './repositories/delivery.server';
import { lightroomFilter } from './mail.server';
import type { Visitor } from './visitor.server';
import { VisitorError } from './visitor.server';

/** The photographer's view of a gallery's delivery: the album selection, consent, activity and the mails. */

export interface SelectionForAdmin {
  submittedAt: Date | null;
  submittedBy: string | null;
  reopenedAt: Date | null;
  limit: number | null;
  fileNames: string[];
  lightroom: string;
}

export async function selectionForAdmin(deps: Pick<GalleryDeps, 'db'>, gallery: Gallery): Promise<SelectionForAdmin> {
  const s = await selectionOf(deps.db, gallery.id);
  const byId = new Map((await galleryPhotosAll(deps, gallery.id)).map((p) => [p.id, p]));
  const fileNames = s.photoIds.map((id) => byId.get(id)?.fileName).filter((n): n is string => n !== undefined);
  return { submittedAt: s.submittedAt, submittedBy: s.submittedBy, reopenedAt: s.reopenedAt, limit: gallery.selectionLimit, fileNames, lightroom: lightroomFilter(fileNames) };
}

/** The selection as CSV (UTF-8 with BOM so a spreadsheet shows Czech names right). */
export function selectionCsv(gallery: Gallery, s: SelectionForAdmin): string {
  const rows = s.fileNames.map((name, i) => [String(i + 1), name, name.replace(/\.[^.]+$/, ''), gallery.title]);
  return `\ufeff${stringify([['poradi', 'soubor', 'nazev_bez_pripony', 'galerie'], ...rows])}`;
}

export async function reopenAlbumSelection(db: Db, gallery: Gallery, now: Date): Promise<boolean> {
  const done = await reopenSelection(db, gallery.id, now);
  if (done) await logActivity(db, gallery.id, { kind: 'selection-reopened', visitorId: null, email: null, detail: 'znovu otevřeno fotografkou', bytes: null });
  return done;
}

export interface ConsentView {
  given: boolean | null;
  answeredAt: Date | null;
  email: string | null;
}

export async function consentView(db: Db, gallery: Gallery): Promise<ConsentView> {
  const c = await consentOf(db, gallery.id);
  return { given: c?.given ?? null, answeredAt: c?.answeredAt ?? null, email: c?.email ?? null };
}

/** The couple answers the request for consent to publish; guests cannot. */
export async function answerConsent(db: Db, gallery: Gallery, visitor: Visitor, given: boolean, now: Date): Promise<ConsentView> {
  if (visitor.kind !== 'couple') throw new VisitorError(403, 'Souhlas se zveřejněním může dát jen novomanželský pár.');
  await saveConsent(db, gallery.id, given, visitor.email, visitor.id, now);
  await logActivity(db, gallery.id, { kind: 'consent', visitorId: visitor.id, email: visitor.email, detail: given ? 'souhlas udělen' : 'souhlas odmítnut', bytes: null });
  return consentView(db, gallery);
}

export interface DeliveryOverview {
  counts: { views: number; favorites: number; downloads: number; accesses: number };
  favoriteOwners: { who: string; count: number }[];
  activity: ActivityRecord[];
  consent: ConsentView;
  readyMails: Date[];
  reminders: Date[];
}

export async function deliveryOverview(db: Db, gallery: Gallery, limit = 200): Promise<DeliveryOverview> {
  const [counts, owners, activity, consent, mails] = await Promise.all([
    activityCounts(db, gallery.id),
    favoriteCounts(db, gallery.id),
    activityOf(db, gallery.id, limit),
    consentView(db, gallery),
    mailsSent(db, gallery.id, ['ready', 'expiry-reminder']),
  ]);
  return {
    counts: { views: counts.view ?? 0, favorites: counts.favorite ?? 0, downloads: counts.download ?? 0, accesses: counts.access ?? 0 },
    favoriteOwners: owners.map((o) => ({ who: o.owner.startsWith('e:') ? o.owner.slice(2) : 'bez e-mailu (jedno zařízení)', count: o.count })),
    activity,
    consent,
    readyMails: mails.filter((m) => m.kind === 'ready').map((m) => m.sentAt),
    reminders: mails.filter((m) => m.kind === 'expiry-reminder').map((m) => m.sentAt),
  };
}
