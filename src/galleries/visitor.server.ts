import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/db/client';
import { log } from '@/platform/log';
import { hitRateLimit, peekRateLimit } from '@/platform/rate-limit.server';
import { galleryBySlug, galleryPhoto, galleryPhotosAll, openGalleryPhoto, rememberPhotoCrc32, type GalleryDeps } from './read.server';
import { galleryDeps } from './runtime.server';
import type { Gallery, GalleryPhoto } from './types';
import {
  addFavorite,
  changeSelection,
  favoriteIds,
  insertVisitor,
  logActivity,
  removeFavorite,
  selectionOf,
  setVisitorEmail,
  submitSelection,
  touchVisitor,
  visitorByTokenHash,
  type VisitorKind,
  type VisitorRecord,
} from './repositories/delivery.server';
import { galleryZip, writeGalleryZip, type ByteRange, type GalleryZip, type ZipSink, type ZipSource } from './zip.server';

/**
 * The couple's side of a gallery (docs/decisions/078-gallery-delivery.md): who may see it (the couple's code or
 * the guest code, remembered by an HttpOnly cookie per gallery), what they may do, and what it is logged as.
 */

export class VisitorError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Code guesses: per client address and per gallery, in 15-minute windows; only wrong codes count. */
export const ACCESS_WINDOW_MS = 15 * 60_000;
export const ACCESS_FAILURES_PER_ADDRESS = 10;
export const ACCESS_FAILURES_PER_GALLERY = 50;
/** How long the access cookie lives (the gallery's code can end it sooner). */
export const ACCESS_COOKIE_MAX_AGE_S = 180 * 24 * 3600;

export function accessCookieName(galleryId: string): string {
  return `galerie_${galleryId.replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** Codes are compared without case, spaces or dashes: what a person copies from a mail or types on a phone. */
export function normalizeCode(code: string): string {
  return code.normalize('NFKC').replace(/[\s-]+/g, '').toLowerCase();
}

function codeHash(galleryId: string, code: string): string {
  return createHash('sha256').update(`gallery-code\0${galleryId}\0${normalizeCode(code)}`).digest('base64url');
}

function tokenHash(token: string): string {
  return createHash('sha256').update(`gallery-visitor\0${token}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What the gallery's state allows a visitor to reach: hidden (404, reveals nothing) or expired (410). */
export function assertOpen(gallery: Gallery | null, now: Date): asserts gallery is Gallery {
  if (!gallery || !gallery.published) throw new VisitorError(404, 'Galerie nenalezena.');
  if (gallery.expiresAt && gallery.expiresAt.getTime() <= now.getTime()) {
    throw new VisitorError(410, 'Platnost této galerie vypršela. Pokud fotografie ještě potřebujete, napište mi prosím – platnost ráda prodloužím.');
  }
}

export interface Visitor extends VisitorRecord {
  /** Whose favourites these are: the e-mail once given (merges devices), else this browser. */
  owner: string;
}

function asVisitor(r: VisitorRecord): Visitor {
  return { ...r, owner: r.email ? `e:${r.email}` : `v:${r.id}` };
}

/** The visitor behind an access cookie, while the code they entered is still the gallery's. */
export async function visitorFromToken(db: Db, gallery: Gallery, token: string | undefined, now: Date): Promise<Visitor | null> {
  if (!token || token.length > 100) return null;
  const r = await visitorByTokenHash(db, tokenHash(token));
  if (!r || r.galleryId !== gallery.id) return null;
  const current = r.kind === 'couple' ? gallery.code : gallery.guestCode;
  if (!current || !sameHash(r.codeHash, codeHash(gallery.id, current))) return null;
  // Last seen at most once a minute per visitor is plenty for the admin.
  void touchVisitor(db, r.id, now).catch(() => undefined);
  return asVisitor(r);
}

export interface AccessGranted {
  token: string;
  kind: VisitorKind;
  visitor: Visitor;
}

/**
 * Checks an entered code. Wrong codes count against the client address and the gallery (429 once either is
 * spent, even for the right code, so guessing cannot continue); a right code makes a visitor and its token.
 */
export async function enterCode(db: Db, gallery: Gallery, code: string, address: string, now: Date): Promise<AccessGranted> {
  const buckets: [string, number][] = [
    [`gallery-code:address:${address}`, ACCESS_FAILURES_PER_ADDRESS],
    [`gallery-code:gallery:${gallery.id}`, ACCESS_FAILURES_PER_GALLERY],
  ];
  for (const [bucket, limit] of buckets) {
    const peek = await peekRateLimit(db, bucket, limit, ACCESS_WINDOW_MS, now.getTime());
    if (!peek.allowed) throw new VisitorError(429, 'Příliš mnoho pokusů o zadání kódu. Zkuste to prosím znovu za chvíli.', peek.retryAfterSeconds);
  }
  const given = codeHash(gallery.id, code);
  const kind: VisitorKind | null = sameHash(given, codeHash(gallery.id, gallery.code))
    ? 'couple'
    : gallery.guestCode && sameHash(given, codeHash(gallery.id, gallery.guestCode))
      ? 'guest'
      : null;
  if (!kind) {
    let retry: number | undefined;
    let spent = false;
    for (const [bucket, limit] of buckets) {
      const hit = await hitRateLimit(db, bucket, limit, ACCESS_WINDOW_MS, now.getTime());
      if (!hit.allowed) {
        spent = true;
        retry = hit.retryAfterSeconds;
      }
    }
    if (spent) throw new VisitorError(429, 'Příliš mnoho pokusů o zadání kódu. Zkuste to prosím znovu za chvíli.', retry);
    throw new VisitorError(401, 'Tento kód nesedí. Zkontrolujte ho prosím ve zprávě, ve které jste ho ode mě dostali.');
  }
  const token = randomBytes(32).toString('base64url');
  const record: VisitorRecord = { id: randomBytes(12).toString('base64url'), galleryId: gallery.id, kind, codeHash: given, email: null };
  await insertVisitor(db, { ...record, tokenHash: tokenHash(token) });
  await logActivity(db, gallery.id, { kind: 'access', visitorId: record.id, email: null, detail: kind === 'couple' ? 'kód páru' : 'kód pro hosty', bytes: null });
  return { token, kind, visitor: asVisitor(record) };
}

/** The e-mail a visitor gives once (or a signed-in couple's proven one): favourites follow it across devices. */
export async function rememberEmail(db: Db, gallery: Gallery, visitor: Visitor, email: string): Promise<Visitor> {
  const normalized = email.trim().toLowerCase();
  await setVisitorEmail(db, gallery.id, visitor.id, normalized);
  return asVisitor({ ...visitor, email: normalized });
}

async function photoOf(deps: Pick<GalleryDeps, 'db'>, gallery: Gallery, photoId: string): Promise<GalleryPhoto> {
  const photo = /^[A-Za-z0-9_-]{1,64}$/.test(photoId) ? await galleryPhoto(deps, gallery.id, photoId) : null;
  if (!photo || photo.status !== 'ready') throw new VisitorError(404, 'Fotografie v této galerii není.');
  return photo;
}

export async function setFavorite(deps: Pick<GalleryDeps, 'db'>, gallery: Gallery, visitor: Visitor, photoId: string, on: boolean): Promise<void> {
  const photo = await photoOf(deps, gallery, photoId);
  const changed = on ? await addFavorite(deps.db, gallery.id, visitor.owner, photo.id) : await removeFavorite(deps.db, gallery.id, visitor.owner, photo.id);
  if (changed) await logActivity(deps.db, gallery.id, { kind: on ? 'favorite' : 'unfavorite', visitorId: visitor.id, email: visitor.email, detail: photo.fileName, bytes: null });
}

export async function favoritesOf(db: Db, gallery: Gallery, visitor: Visitor): Promise<string[]> {
  return favoriteIds(db, gallery.id, visitor.owner);
}

export interface SelectionView {
  photoIds: string[];
  limit: number | null;
  submittedAt: Date | null;
}

export async function selectionView(db: Db, gallery: Gallery): Promise<SelectionView> {
  const s = await selectionOf(db, gallery.id);
  return { photoIds: s.photoIds, limit: gallery.selectionLimit, submittedAt: s.submittedAt };
}

function requireCouple(visitor: Visitor): void {
  if (visitor.kind !== 'couple') throw new VisitorError(403, 'Výběr do alba může upravovat jen novomanželský pár.');
}

export async function setSelected(deps: Pick<GalleryDeps, 'db'>, gallery: Gallery, visitor: Visitor, photoId: string, on: boolean): Promise<void> {
  requireCouple(visitor);
  const photo = await photoOf(deps, gallery, photoId);
  const result = await changeSelection(deps.db, gallery.id, photo.id, on, gallery.selectionLimit, visitor.email ?? visitor.id);
  if (result === 'submitted') throw new VisitorError(409, 'Výběr do alba je už odeslaný. Pokud ho chcete změnit, napište mi a otevřu ho znovu.');
  if (result === 'full') throw new VisitorError(409, `Do alba se vejde nejvýše ${gallery.selectionLimit} fotografií. Nejdřív prosím některou z výběru odeberte.`);
  if (result === 'added' || result === 'removed') {
    await logActivity(deps.db, gallery.id, { kind: on ? 'select' : 'unselect', visitorId: visitor.id, email: visitor.email, detail: photo.fileName, bytes: null });
  }
}

/** Submits the album selection (once, with the e-mail given); the caller mails the photographer. */
export async function submitAlbum(deps: Pick<GalleryDeps, 'db'>, gallery: Gallery, visitor: Visitor, now: Date): Promise<GalleryPhoto[]> {
  requireCouple(visitor);
  if (!visitor.email) throw new VisitorError(400, 'Před odesláním výběru prosím vyplňte svůj e-mail.');
  const result = await submitSelection(deps.db, gallery.id, visitor.email, now);
  if (result === 'already') throw new VisitorError(409, 'Výběr do alba je už odeslaný.');
  if (result === 'empty') throw new VisitorError(400, 'Výběr do alba je prázdný. Označte prosím fotografie, které chcete v albu.');
  const s = await selectionOf(deps.db, gallery.id);
  await logActivity(deps.db, gallery.id, { kind: 'selection-submitted', visitorId: visitor.id, email: visitor.email, detail: `${s.photoIds.length} fotografií`, bytes: null });
  const byId = new Map((await galleryPhotosAll(deps, gallery.id)).map((p) => [p.id, p]));
  return s.photoIds.map((id) => byId.get(id)).filter((p): p is GalleryPhoto => p !== undefined);
}

export type DownloadSize = 'web' | 'original';

/** The largest size this visitor may download, or null when downloads are off for them. */
export function allowedSize(gallery: Gallery, visitor: Visitor): DownloadSize | null {
  if (gallery.downloads === 'none') return null;
  if (visitor.kind === 'guest') return 'web';
  return gallery.downloads;
}

export const PIN_FAILURES_PER_ADDRESS = 10;

/** Decides the size of a download, checking the settings and the download PIN (wrong PINs are limited like codes). */
export async function downloadSize(db: Db, gallery: Gallery, visitor: Visitor, asked: string | null, pin: string | null, address: string, now: Date): Promise<DownloadSize> {
  const max = allowedSize(gallery, visitor);
  if (!max) throw new VisitorError(403, 'Stahování není v této galerii povolené.');
  if (asked !== null && asked !== 'web' && asked !== 'original') throw new VisitorError(400, 'Velikost musí být „web“ nebo „original“.');
  const size: DownloadSize = (asked as DownloadSize | null) ?? max;
  if (size === 'original' && max === 'web') throw new VisitorError(403, 'Fotografie v plném rozlišení si můžete stáhnout jen s kódem páru.');
  if (gallery.downloadPin) {
    const bucket = `gallery-pin:${gallery.id}:${address}`;
    const peek = await peekRateLimit(db, bucket, PIN_FAILURES_PER_ADDRESS, ACCESS_WINDOW_MS, now.getTime());
    if (!peek.allowed) throw new VisitorError(429, 'Příliš mnoho pokusů o zadání PIN. Zkuste to prosím znovu za chvíli.', peek.retryAfterSeconds);
    if (pin === null || pin === '') throw new VisitorError(403, 'Ke stažení zadejte prosím PIN pro stahování.');
    const a = createHash('sha256').update(pin.trim()).digest();
    const b = createHash('sha256').update(gallery.downloadPin).digest();
    if (!timingSafeEqual(a, b)) {
      await hitRateLimit(db, bucket, PIN_FAILURES_PER_ADDRESS, ACCESS_WINDOW_MS, now.getTime());
      throw new VisitorError(403, 'PIN pro stahování nesedí.');
    }
  }
  return size;
}

function bytesOf(photo: GalleryPhoto, size: DownloadSize): number | null {
  return size === 'original' ? photo.downloadBytes : photo.webBytes;
}

function crcOf(photo: GalleryPhoto, size: DownloadSize): number | null {
  return size === 'original' ? photo.downloadCrc32 : photo.webCrc32;
}

export function downloadName(photo: GalleryPhoto, size: DownloadSize): string {
  const dot = photo.fileName.lastIndexOf('.');
  const stem = dot > 0 ? photo.fileName.slice(0, dot) : photo.fileName;
  return size === 'original' ? `${stem}.jpg` : `${stem}-web.jpg`;
}

export type ZipScope = { kind: 'all' } | { kind: 'set'; setSlug: string } | { kind: 'favorites' };

export interface ZipPlan {
  sources: ZipSource[];
  /** Keeps CRCs computed while the archive is written. */
  onCrc: (index: number, crc32: number) => void;
  /** Photos in the scope left out because they failed processing. */
  omitted: number;
  /** Identifies these exact bytes (for If-Range and ETag). */
  etag: string;
  fileName: string;
  describe: string;
}

/**
 * What a ZIP holds: ready photos of the scope in gallery order, set titles as folders. While any photo of the scope
 * is still processing the answer is 409 (the archive would change under a resumed download).
 */
export async function planZip(deps: GalleryDeps, gallery: Gallery, visitor: Visitor, scope: ZipScope, size: DownloadSize): Promise<ZipPlan> {
  if (!gallery.zip) throw new VisitorError(403, 'Stažení celé galerie najednou není povolené. Fotografie si můžete stáhnout jednotlivě.');
  let photos: GalleryPhoto[];
  let label: string;
  if (scope.kind === 'set') {
    const set = gallery.sets.find((s) => s.slug === scope.setSlug);
    if (!set) throw new VisitorError(404, 'Taková sada v galerii není.');
    photos = await galleryPhotosAll(deps, gallery.id, { setSlug: set.slug });
    label = set.title;
  } else if (scope.kind === 'favorites') {
    const ids = new Set(await favoriteIds(deps.db, gallery.id, visitor.owner));
    photos = (await galleryPhotosAll(deps, gallery.id)).filter((p) => ids.has(p.id));
    if (photos.length === 0) throw new VisitorError(404, 'Zatím nemáte žádné oblíbené fotografie.');
    label = 'Oblíbené';
  } else {
    photos = await galleryPhotosAll(deps, gallery.id);
    label = 'Celá galerie';
  }
  if (photos.some((p) => p.status === 'processing')) throw new VisitorError(409, 'Některé fotografie se ještě zpracovávají. Zkuste to prosím za pár minut znovu.');
  const ready = photos.filter((p) => p.status === 'ready' && bytesOf(p, size) !== null);
  if (ready.length === 0) throw new VisitorError(404, 'V této části galerie zatím nejsou žádné fotografie ke stažení.');
  const mtime = gallery.createdAt;
  const sources: ZipSource[] = ready.map((p) => ({
    folder: scope.kind === 'set' ? null : p.setTitle,
    fileName: downloadName(p, size),
    size: bytesOf(p, size)!,
    mtime,
    crc32: crcOf(p, size),
    open: async (start) => {
      const whole = bytesOf(p, size)!;
      const opened = await openGalleryPhoto(deps, gallery.id, p.id, size, start > 0 ? { start, end: whole - 1 } : undefined);
      if (!opened) throw new Error(`Gallery ${gallery.id}: photo ${p.id} (${size}) is missing from storage`);
      return opened.stream;
    },
    localFile: async () => {
      const opened = await openGalleryPhoto(deps, gallery.id, p.id, size);
      if (!opened) throw new Error(`Gallery ${gallery.id}: photo ${p.id} (${size}) is missing from storage`);
      return opened.file ?? null;
    },
  }));
  // A CRC computed while an archive was written (photos processed before CRCs were kept) is kept for the next one.
  const onCrc = (index: number, crc32: number) => {
    const photo = ready[index]!;
    rememberPhotoCrc32(deps, photo.id, size, crc32).catch((err: unknown) => log.warn('galleries: keeping a computed CRC-32 failed', { photoId: photo.id, err }));
  };
  const etag = `"${createHash('sha256')
    .update(JSON.stringify([size, mtime.getTime(), sources.map((s, i) => [ready[i]!.id, s.folder, s.fileName, s.size])]))
    .digest('base64url')
    .slice(0, 27)}"`;
  const base = `${gallery.slug}${scope.kind === 'set' ? `-${scope.setSlug}` : scope.kind === 'favorites' ? '-oblibene' : ''}${size === 'web' ? '-web' : ''}`;
  return { sources, onCrc, omitted: photos.length - ready.length, etag, fileName: `${base}.zip`, describe: `${label} (${size === 'web' ? 'web' : 'plné rozlišení'}, ${ready.length} fotografií)` };
}

export function openZip(plan: ZipPlan, range: ByteRange | null): GalleryZip {
  return galleryZip(plan.sources, range, { onCrc: plan.onCrc });
}

/** Writes the archive of `plan` (or `range` of it) to the server's socket, with backpressure (src/galleries/zip.server.ts). */
export function writeZip(plan: ZipPlan, range: ByteRange | null, sink: ZipSink): Promise<void> {
  return writeGalleryZip(plan.sources, range, sink, { onCrc: plan.onCrc });
}

export async function logDownload(db: Db, gallery: Gallery, visitor: Visitor, what: string, bytes: number): Promise<void> {
  await logActivity(db, gallery.id, { kind: 'download', visitorId: visitor.id, email: visitor.email, detail: what, bytes });
}

export async function logView(db: Db, gallery: Gallery, visitor: Visitor): Promise<void> {
  await logActivity(db, gallery.id, { kind: 'view', visitorId: visitor.id, email: visitor.email, detail: visitor.kind === 'couple' ? 'pár' : 'host', bytes: null });
}

/** Whether /galerie/{slug} is open, expired (410) or nothing to show (404, hidden or unknown alike). */
export async function galleryState(slug: string, now: Date): Promise<'open' | 'expired' | 'missing'> {
  const gallery = await galleryBySlug(await galleryDeps(), slug);
  if (!gallery || !gallery.published) return 'missing';
  return gallery.expiresAt && gallery.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/**
 * Access for a signed-in couple whose proven e-mail (the same rule as their inquiries) is the gallery's couple
 * e-mail: the couple's access without typing the code, with their favourites under that e-mail.
 */
export async function enterByAccount(db: Db, gallery: Gallery, provenEmail: string): Promise<AccessGranted> {
  const email = provenEmail.trim().toLowerCase();
  if (!gallery.coupleEmail || gallery.coupleEmail.trim().toLowerCase() !== email) throw new VisitorError(403, 'Tato galerie nepatří k e-mailu vašeho účtu.');
  const token = randomBytes(32).toString('base64url');
  const record: VisitorRecord = { id: randomBytes(12).toString('base64url'), galleryId: gallery.id, kind: 'couple', codeHash: codeHash(gallery.id, gallery.code), email };
  await insertVisitor(db, { ...record, tokenHash: tokenHash(token) });
  await logActivity(db, gallery.id, { kind: 'access', visitorId: record.id, email, detail: 'účet s ověřeným e-mailem', bytes: null });
  return { token, kind: 'couple', visitor: asVisitor(record) };
}
