import 'server-only';
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db } from '@/db/client';
import { log } from '@/platform/log';
import { deletePhotos, duplicatePhoto, ingestFile, inspectFile, MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, photoInfo, photoInfos, PhotoError, type PhotoInfo } from '@/photos/public.server';
import { sitePhotoIds } from '@/site/public.server';
import type { Storage } from '@/platform/storage/types';
import { slugify } from '../normalize';
import { conflict, notFound, storageUnavailable, validation, StudioError } from './errors';
import type { PhotoPatch, WeddingCreate, WeddingPatch } from './input';
import * as photoRows from './repositories/photos.server';
import { coverOfPublishedPost } from './repositories/posts.server';
import * as weddingRows from './repositories/weddings.server';
import type { AdminPhoto, AdminWedding, AdminWeddingSummary, PhotoStatus } from './types';

export type { AdminPhoto, AdminWedding, AdminWeddingSummary, PhotoStatus } from './types';

/**
 * The studio's use cases: weddings and photos of the photographer, edited through /api/admin/weddings… and the
 * /admin/svatby pages. Every change that can alter a public page ends with `deps.invalidate()`.
 */
export interface StudioDeps {
  db: Db;
  storage: Storage;
  /** "Content changed" (invalidateContent in the app). */
  invalidate: () => void;
  /** Wakes the photo module's processing queue after an upload. */
  kick?: () => void;
  /** How long one storage write of an upload may take before the upload is refused as retryable (default 60 s). */
  storageTimeoutMs?: number;
}

const WEDDING_NOT_FOUND = 'Svatba nenalezena (možná byla mezitím smazána).';
const PHOTO_NOT_FOUND = 'Fotografie nenalezena (možná byla mezitím smazána).';

export async function listWeddings(db: Db): Promise<AdminWeddingSummary[]> {
  const rows = await weddingRows.listWeddingRows(db);
  const counts = await photoRows.photoCountsByWedding(db);
  return rows.map((r) => ({ ...r, photoCount: counts.get(r.id) ?? 0 }));
}

export async function getWedding(db: Db, id: string): Promise<AdminWedding | null> {
  const w = await weddingRows.findWedding(db, id);
  if (!w) return null;
  const photos = await photoRows.photoRowsOfWedding(db, id);
  const infos = await photoInfos({ db }, photos.map((p) => p.id));
  return {
    id: w.id,
    slug: w.slug,
    published: w.published,
    coverPhotoId: w.coverPhotoId,
    couple: w.couple,
    date: w.weddingDate,
    location: w.location,
    shortDescription: w.shortDescription,
    story: w.story,
    year: w.year,
    favorite: w.favorite,
    updatedAt: w.updatedAt.toISOString(),
    photos: photos.map((p) => {
      const info = infos.get(p.id);
      // A placement whose photo row is gone (never expected: the row's deletion removes it) is shown as failed.
      const status: PhotoStatus = info?.status ?? 'failed';
      const error = info ? info.error : 'Fotografie chybí.';
      return {
        id: p.id,
        status,
        alt: p.alt,
        category: p.category,
        width: info?.width ?? null,
        height: info?.height ?? null,
        fileName: p.originalName,
        position: p.position,
        previewWidth: info?.status === 'ready' && info.variantWidths.length ? info.variantWidths[info.variantWidths.length - 1] : null,
        ...(error ? { error } : {}),
      };
    }),
  };
}


/** "Tereza & Jakub" → tereza-jakub, or tereza-jakub-2, -3… when taken. */
async function freeSlug(db: Db, couple: string): Promise<string> {
  const base = slugify(couple).slice(0, 100).replace(/-+$/, '') || 'svatba';
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await weddingRows.weddingSlugTaken(db, candidate))) return candidate;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}

export async function createWedding(deps: StudioDeps, input: WeddingCreate): Promise<{ id: string; slug: string }> {
  const { db } = deps;
  let slug = input.slug;
  if (slug && (await weddingRows.weddingSlugTaken(db, slug))) throw conflict(`Adresa „${slug}“ už patří jiné svatbě. Zvolte prosím jinou.`, { field: 'slug' });
  slug ??= await freeSlug(db, input.couple);
  const id = randomUUID();
  try {
    await weddingRows.insertWedding(db, {
      id,
      slug,
      couple: input.couple,
      weddingDate: input.date,
      location: input.location,
      shortDescription: input.shortDescription ?? '',
      story: input.story ?? '',
      year: input.year ?? Number(input.date.slice(0, 4)),
      favorite: input.favorite ?? false,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`Adresa „${slug}“ už patří jiné svatbě. Zvolte prosím jinou.`, { field: 'slug' });
    throw err;
  }
  // A draft is never public; nothing to invalidate until it is published.
  return { id, slug };
}

export async function updateWedding(deps: StudioDeps, id: string, patch: WeddingPatch): Promise<AdminWedding> {
  const { db } = deps;
  const current = await getWedding(db, id);
  if (!current) throw notFound(WEDDING_NOT_FOUND);
  const photoIds = new Set(current.photos.map((p) => p.id));

  if (patch.coverPhotoId && !photoIds.has(patch.coverPhotoId)) throw validation('Titulní fotografie musí patřit k této svatbě.', { field: 'coverPhotoId' });
  if (patch.photoOrder) {
    const order = patch.photoOrder;
    if (order.length !== photoIds.size || new Set(order).size !== order.length || order.some((pid) => !photoIds.has(pid))) {
      throw validation('Pořadí fotografií musí obsahovat každou fotografii svatby právě jednou. Obnovte prosím stránku.', { field: 'photoOrder' });
    }
  }
  const publishing = patch.published ?? current.published;
  if (publishing) {
    const ready = current.photos.filter((p) => p.status === 'ready');
    if (ready.length === 0) throw validation('Svatbu nelze zveřejnit bez jediné zpracované fotografie.', { field: 'published' });
    const missingAlt = current.photos.filter((p) => p.status !== 'failed' && !p.alt.trim());
    if (missingAlt.length) {
      throw validation(`Před zveřejněním doplňte popis (alt) u všech fotografií – chybí u ${missingAlt.length}.`, { field: 'published', photoIds: missingAlt.map((p) => p.id) });
    }
  }
  const slugChange = patch.slug && patch.slug !== current.slug ? patch.slug : null;
  if (slugChange && (await weddingRows.weddingSlugTaken(db, slugChange, id))) throw conflict(`Adresa „${slugChange}“ už patří jiné svatbě. Zvolte prosím jinou.`, { field: 'slug' });

  try {
    await db.transaction(async (tx) => {
      if (slugChange) await weddingRows.keepFormerWeddingSlug(tx, id, current.slug, slugChange);
      await weddingRows.updateWeddingRow(tx, id, {
          ...(patch.couple !== undefined ? { couple: patch.couple } : {}),
          ...(patch.date !== undefined ? { weddingDate: patch.date } : {}),
          ...(patch.location !== undefined ? { location: patch.location } : {}),
          ...(patch.shortDescription !== undefined ? { shortDescription: patch.shortDescription } : {}),
          ...(patch.story !== undefined ? { story: patch.story } : {}),
          ...(patch.year !== undefined ? { year: patch.year } : {}),
          ...(patch.favorite !== undefined ? { favorite: patch.favorite } : {}),
          ...(patch.published !== undefined ? { published: patch.published } : {}),
          ...(patch.coverPhotoId !== undefined ? { coverPhotoId: patch.coverPhotoId } : {}),
          ...(slugChange ? { slug: slugChange } : {}),
      });
      if (patch.photoOrder) await photoRows.setPhotoPositions(tx, id, patch.photoOrder);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Adresa už patří jiné svatbě. Zvolte prosím jinou.', { field: 'slug' });
    throw err;
  }
  deps.invalidate();
  const updated = await getWedding(db, id);
  if (!updated) throw notFound(WEDDING_NOT_FOUND);
  return updated;
}

export async function deleteWedding(deps: StudioDeps, id: string): Promise<void> {
  const { db } = deps;
  const photoIds = await photoRows.photoIdsOfWedding(db, id);
  if (!(await weddingRows.deleteWeddingRow(db, id))) throw notFound(WEDDING_NOT_FOUND);
  deps.invalidate();
  // The photos go after the wedding's rows: rows first, then files (a failed delete leaves an orphan, logged).
  await removePhotos(deps, photoIds);
}

async function removePhotos(deps: StudioDeps, ids: string[]): Promise<void> {
  try {
    await deletePhotos({ db: deps.db, storage: deps.storage }, ids);
  } catch (err) {
    log.warn('studio: deleting photos failed (left as orphans)', { ids, err });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`storage write timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** An upload already on the local disk, hashed and counted while it streamed in (`receiveMultipartFile`). */
export interface UploadInput {
  filePath: string;
  fileName: string;
  /** SHA-256 of the content, hex. */
  hash: string;
  size: number;
}

export function tooLarge(): StudioError {
  return new StudioError(413, 'PayloadTooLargeError', `Soubor je větší než ${MAX_UPLOAD_LABEL}. Zmenšete ho prosím nebo exportujte v nižší kvalitě.`);
}

/** The photo module's refusals (not an image, too many pixels, storage down) in the studio's error shape. */
function asStudioError(err: unknown): unknown {
  return err instanceof PhotoError ? new StudioError(err.status, err.errorName, err.message, err.details) : err;
}

function checkSize(input: UploadInput): void {
  if (input.size > MAX_UPLOAD_BYTES) throw tooLarge();
  if (input.size === 0) throw validation('Soubor je prázdný.', { field: 'file' });
}

/** Storage whose writes give up after `ms` (a hanging store answers a retryable 503 instead of never). */
function withWriteTimeout(storage: Storage, ms: number): Storage {
  return { ...storage, putFile: (key, file, type) => withTimeout(storage.putFile(key, file, type), ms) };
}

/**
 * Checks the upload's header (format, sides, aspect, megapixels — nothing is decoded in the web process: a corrupt
 * file fails in the worker, visibly) and hands it to the photo module: the original streamed into storage, then a
 * 'processing' photo row. A storage failure or timeout is a retryable 503 and leaves no row.
 */
async function ingest(deps: StudioDeps, input: UploadInput): Promise<{ id: string; width: number; height: number }> {
  try {
    const inspected = await inspectFile(input.filePath);
    const storage = withWriteTimeout(deps.storage, deps.storageTimeoutMs ?? 60_000);
    const { id } = await ingestFile({ db: deps.db, storage }, { filePath: input.filePath, fileName: input.fileName, owner: 'studio', hash: input.hash, size: input.size }, inspected);
    return { id, width: inspected.width, height: inspected.height };
  } catch (err) {
    throw asStudioError(err);
  }
}

/**
 * One uploaded image: checked (size, format, pixels), de-duplicated by content hash within the wedding, taken into
 * the photo module (original stored, then its row queued for processing by the worker process), then placed at the
 * end of the wedding. A storage failure is a retryable 503.
 */
export async function uploadPhoto(deps: StudioDeps, weddingId: string, input: UploadInput): Promise<{ id: string; status: PhotoStatus }> {
  const { db } = deps;
  if (!(await weddingRows.weddingExists(db, weddingId))) throw notFound(WEDDING_NOT_FOUND);
  checkSize(input);
  const dup = await photoRows.weddingPhotoWithContent(db, weddingId, input.hash);
  if (dup) throw conflict('Tuto fotografii už svatba obsahuje (stejný obsah souboru). Přeskočeno.', { duplicateOf: dup });
  const { id } = await ingest(deps, input);
  try {
    await photoRows.insertWeddingPhoto(db, { id, weddingId, originalName: input.fileName, contentHash: input.hash });
  } catch (err) {
    await removePhotos(deps, [id]);
    if (isUniqueViolation(err, 'studio_photos_hash_key')) {
      throw conflict('Tuto fotografii už svatba obsahuje (stejný obsah souboru). Přeskočeno.');
    }
    // The wedding was deleted meanwhile (foreign key) or the database failed.
    if (!(await weddingRows.weddingExists(db, weddingId))) throw notFound(WEDDING_NOT_FOUND);
    throw err;
  }
  deps.kick?.();
  return { id, status: 'processing' };
}

/** A photo of the photo module (e.g. a client gallery's) to be shown in one of her weddings. */
export interface PhotoPick {
  photoId: string;
  /** The name her file had (shown in the wedding editor). */
  fileName: string;
}

export interface PickedPhotos {
  /** New photos of the wedding (processing into the public variants), by the picked photo's id. */
  added: { from: string; id: string }[];
  /** Already in the wedding (the same content): nothing was added. */
  duplicates: { from: string; duplicateOf: string }[];
  /** Not ready (still processing or failed) or gone: nothing was added. */
  unavailable: string[];
}

/**
 * Photos she already delivered become photos of one of her weddings without a second upload: for each picked photo
 * the photo module makes a studio photo from it (`duplicatePhoto`: the original copied inside storage — a hard link on
 * the local disk, a server-side copy on S3 — and queued for the public variants), placed at the end of the wedding.
 * The two photos live independently, so the wedding keeps its photo when the gallery is deleted. Content already in
 * the wedding is skipped; the alt text starts as `alt` (publishing needs one on every photo), to be refined in the
 * wedding editor.
 */
export async function addWeddingPhotosFromPhotos(deps: StudioDeps, weddingId: string, picks: readonly PhotoPick[], alt: string): Promise<PickedPhotos> {
  const { db, storage } = deps;
  if (!(await weddingRows.weddingExists(db, weddingId))) throw notFound(WEDDING_NOT_FOUND);
  const out: PickedPhotos = { added: [], duplicates: [], unavailable: [] };
  const seen = new Set<string>();
  for (const pick of picks) {
    if (seen.has(pick.photoId)) continue;
    seen.add(pick.photoId);
    const source = await photoInfo({ db }, pick.photoId);
    if (!source || source.status !== 'ready') {
      out.unavailable.push(pick.photoId);
      continue;
    }
    const dup = await photoRows.weddingPhotoWithContent(db, weddingId, source.contentHash);
    if (dup) {
      out.duplicates.push({ from: pick.photoId, duplicateOf: dup });
      continue;
    }
    let made: PhotoInfo | null;
    try {
      made = await duplicatePhoto({ db, storage }, pick.photoId, 'studio', pick.fileName);
    } catch (err) {
      log.warn('studio: taking a delivered photo failed', { photoId: pick.photoId, err });
      throw storageUnavailable();
    }
    if (!made) {
      out.unavailable.push(pick.photoId);
      continue;
    }
    try {
      await photoRows.insertWeddingPhoto(db, { id: made.id, weddingId, originalName: pick.fileName, contentHash: made.contentHash, alt });
    } catch (err) {
      await removePhotos(deps, [made.id]);
      if (isUniqueViolation(err, 'studio_photos_hash_key')) {
        const winner = await photoRows.weddingPhotoWithContent(db, weddingId, made.contentHash);
        out.duplicates.push({ from: pick.photoId, duplicateOf: winner ?? '' });
        continue;
      }
      if (!(await weddingRows.weddingExists(db, weddingId))) throw notFound(WEDDING_NOT_FOUND);
      throw err;
    }
    out.added.push({ from: pick.photoId, id: made.id });
  }
  // The photos become public once processed; the studio announces that for a published wedding.
  if (out.added.length) deps.kick?.();
  return out;
}

export async function updatePhoto(deps: StudioDeps, id: string, patch: PhotoPatch): Promise<AdminPhoto> {
  const { db } = deps;
  const weddingId = (await photoRows.findPhotoPlacement(db, id))?.weddingId;
  if (!weddingId) throw notFound(PHOTO_NOT_FOUND);
  const published = await weddingRows.weddingPublished(db, weddingId);
  if (published === null) throw notFound(PHOTO_NOT_FOUND);
  if (patch.alt !== undefined && !patch.alt && published) {
    throw validation('Zveřejněná svatba musí mít u každé fotografie popis (alt). Nejdřív ji skryjte, nebo popis vyplňte.', { field: 'alt' });
  }
  await photoRows.updatePhotoRow(db, id, { ...(patch.alt !== undefined ? { alt: patch.alt } : {}), ...(patch.category !== undefined ? { category: patch.category } : {}) });
  deps.invalidate();
  const wedding = await getWedding(db, weddingId);
  const photo = wedding?.photos.find((p) => p.id === id);
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  return photo;
}

export async function deletePhoto(deps: StudioDeps, id: string): Promise<void> {
  const { db } = deps;
  const photo = await photoRows.findPhotoPlacement(db, id);
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  const weddingId = photo.weddingId;
  if (!weddingId) throw notFound(PHOTO_NOT_FOUND); // the site's own photos are not edited here
  await db.transaction(async (tx) => {
    // One delete at a time per wedding: two deletes of its last two photos must not both see the other one left.
    await weddingRows.lockWedding(tx, weddingId);
    await weddingRows.clearWeddingCover(tx, weddingId, id);
    await photoRows.deletePhotoRow(tx, id);
    // A published wedding whose last ready photo is gone goes back to draft (it would show an empty gallery), in the
    // same transaction: never a published wedding without a photo, not even after a crash in between.
    const remaining = await photoRows.photoIdsOfWedding(tx, weddingId);
    const infos = await photoInfos({ db: tx }, remaining);
    if (![...infos.values()].some((i) => i.status === 'ready')) await weddingRows.unpublishWedding(tx, weddingId);
  });
  deps.invalidate();
  await removePhotos(deps, [id]);
}

/**
 * Who may see a photo's variants: 'public' — ready and public; 'preview' — ready but not public (the admin only);
 * null — not a studio photo, not ready, or unknown (a client gallery's photo is never served here).
 * A ready photo is public while its wedding is published, while it is the cover of a published blog post (a post
 * may take its cover from a wedding kept as a draft) or while it is one of the site's own photos.
 */
export async function photoVisibility(db: Db, id: string): Promise<'public' | 'preview' | null> {
  const placement = await photoRows.findPhotoPlacement(db, id);
  if (!placement) return null;
  if ((await photoInfo({ db }, id))?.status !== 'ready') return null;
  if (placement.weddingId && (await weddingRows.weddingPublished(db, placement.weddingId))) return 'public';
  if (await coverOfPublishedPost(db, id)) return 'public';
  // The site's own photos (hero, portrait) belong to no wedding: public while her settings name them.
  return sitePhotoIds().includes(id) ? 'public' : 'preview';
}

export async function readyPhotoExists(db: Db, id: string): Promise<boolean> {
  return (await photoRows.photoExists(db, id)) && (await photoInfo({ db }, id))?.status === 'ready';
}

export interface SitePhoto {
  id: string;
  status: PhotoStatus;
  width: number | null;
  height: number | null;
  /** Why processing failed (Czech), when it did. */
  error: string | null;
}

/**
 * One of the site's own photos (the home page's hero, her portrait): the same checks, storage and processing queue
 * as a wedding's photo, but it belongs to no wedding. The same file uploaded again is the same photo. It becomes
 * public only once her settings name it (photoVisibility).
 */
export async function uploadSitePhoto(deps: StudioDeps, input: UploadInput): Promise<SitePhoto> {
  const { db } = deps;
  checkSize(input);
  for (const dup of await photoRows.sitePhotoIdsWithContent(db, input.hash)) {
    const existing = await sitePhoto(db, dup);
    if (existing && existing.status !== 'failed') return existing;
  }
  const { id, width, height } = await ingest(deps, input);
  try {
    await photoRows.insertSitePhoto(db, { id, originalName: input.fileName, contentHash: input.hash });
  } catch (err) {
    await removePhotos(deps, [id]);
    throw err;
  }
  deps.kick?.();
  return { id, status: 'processing', width, height, error: null };
}

/** A site photo's processing state (null: no such photo, or one of a wedding's). */
export async function sitePhoto(db: Db, id: string): Promise<SitePhoto | null> {
  if (!(await photoRows.isSitePhoto(db, id))) return null;
  const info = await photoInfo({ db }, id);
  return { id, status: info?.status ?? 'failed', width: info?.width ?? null, height: info?.height ?? null, error: info ? info.error : 'Fotografie chybí.' };
}

/**
 * Removes the site's own photos she no longer uses: neither named in the settings (`keep`) nor uploaded within the
 * last `graceMs` (one being processed or about to be saved). Run after her settings changed; rows first, then files.
 */
export async function pruneSitePhotos(deps: StudioDeps, keep: string[], now = new Date(), graceMs = 3_600_000): Promise<number> {
  const { db } = deps;
  const rows = await photoRows.sitePhotoRows(db);
  const gone = rows.filter((r) => !keep.includes(r.id) && r.createdAt.getTime() < now.getTime() - graceMs);
  for (const photo of gone) {
    if (await photoRows.deleteSitePhotoRow(db, photo.id)) await removePhotos(deps, [photo.id]);
  }
  return gone.length;
}
